// expected-error @+1 {{wgmma instrN must be a power of two in [8, 256], got 512}}
func.func private @wgmma_instr_n(tensor<64x64xf32, #gir.wgmma<warpsPerCTA = [4, 1], instrN = 512>>)
