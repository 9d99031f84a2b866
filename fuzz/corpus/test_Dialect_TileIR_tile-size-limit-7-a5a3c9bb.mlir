// expected-error @+1 {{'func.func' op result #0 of its signature is a tile of shape 2147483648x2147483648 ('tensor<2147483648x2147483648xi8>'): 4611686018427387904 elements}}
func.func private @huge_result() -> tensor<2147483648x2147483648xi8>
