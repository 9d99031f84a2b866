#mma = #gir.mma_v2<warpsPerCTA = [4, 4]>
module attributes {gir.num_warps = 4 : i32} {
  // expected-error @+1 {{'func.func' op block argument #0 'tensor<64x64xf32, #gir.mma_v2<warpsPerCTA = [4, 4]>>' is laid out over 16 warps, but the program runs 4 (gir.num_warps)}}
  func.func @mma_warps(%c: tensor<64x64xf32, #mma>) {
    return
  }
}
