//===- Passes.td - hello plugin passes ---------------------*- tablegen -*-===//
#ifndef HELLO_PLUGIN_PASSES
#define HELLO_PLUGIN_PASSES

include "mlir/Pass/PassBase.td"

def HelloAnnotate : Pass<"hello-annotate", "::mlir::ModuleOp"> {
  let summary = "Annotate each function with what it holds of the Tile IR";
  let description = [{
    Sets three attributes on every `func.func`:
      - `hello.tir_ops`: the number of Tile IR (`tir`) ops in its body;
      - `hello.program_id_axes`: the axis of each `tir.get_program_id`, in
        order (read through the op's C++ accessor, so it shows that the
        plugin sees the core's op classes);
      - `hello.ptr_args`: how many arguments are `!tir.ptr` values.
    The pass changes nothing else.
  }];
}

#endif // HELLO_PLUGIN_PASSES
