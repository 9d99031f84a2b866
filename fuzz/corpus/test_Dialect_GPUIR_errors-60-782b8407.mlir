#acc = #gir.wgmma<warpsPerCTA = [8, 1], instrN = 64>
module attributes {gir.num_warps = 4 : i32} {
  // expected-error @+1 {{'func.func' op block argument #0 'tensor<128x64xf32, #gir.wgmma<warpsPerCTA = [8, 1], instrN = 64>>' is laid out over 8 warps, but the program runs 4 (gir.num_warps)}}
  func.func @wgmma_warps(%c: tensor<128x64xf32, #acc>) {
    return
  }
}
