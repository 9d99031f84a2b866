// Every verifier rule of the Tile IR dialect, with the diagnostic it gives.

// expected-error @+1 {{pointee type must be a signless integer, a float or a pointer, got 'tensor<4xf32>'}}
func.func private @bad_pointee(!tir.ptr<tensor<4xf32>>)
