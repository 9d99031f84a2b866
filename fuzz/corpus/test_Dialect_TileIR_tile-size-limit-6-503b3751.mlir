// 2^40 x 2^40 elements: the count does not wrap around to something small.
// expected-error @+1 {{'func.func' op argument #0 is a tile of shape 1099511627776x1099511627776 ('tensor<1099511627776x1099511627776xf32>'): 1208925819614629174706176 elements, over the limit}}
func.func private @huge(tensor<1099511627776x1099511627776xf32>)
