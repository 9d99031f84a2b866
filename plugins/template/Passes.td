include "mlir/Pass/PassBase.td"

def OutOfTreeTagKernels : Pass<"oot-tag-kernels", "::mlir::ModuleOp"> {
  let summary = "Tag every function with the number of program-id queries";
  let options = [
    Option<"tag", "tag", "std::string", "\"oot.program_ids\"",
           "Name of the attribute to attach">,
  ];
}
