// Every op is checked, and no verifier runs once one is refused.
// expected-error @+1 {{'llvm.mlir.global' op attribute 'addr_space' has a value of the wrong kind}}
llvm.mlir.global internal @b() {addr_space = 1.5 : f32} : i32
// expected-error @+1 {{'llvm.mlir.global' op attribute 'addr_space' has a value of the wrong kind}}
llvm.mlir.global internal @c() {addr_space = [1]} : i32
