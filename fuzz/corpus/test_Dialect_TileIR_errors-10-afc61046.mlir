// expected-error @+1 {{'func.func' op has no result for the axis hint 'tir.divisibility' to describe}}
func.func @divisibility_on_op() attributes {tir.divisibility = 16 : i32} {
  return
}
