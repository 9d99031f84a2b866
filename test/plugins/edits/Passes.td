//===- Passes.td - Passes of the pipeline-edit test plugin -*- tablegen -*-===//
#ifndef TEST_EDITS_PASSES
#define TEST_EDITS_PASSES

include "mlir/Pass/PassBase.td"

def TestMark : Pass<"test-mark", "::mlir::ModuleOp"> {
  let summary = "Record on the module that this pass ran, and when";
  let description = [{
    Appends "<tag>: <N> ops" to the module's `test.marks` array, where N is
    the number of ops nested in the module at that point. The array's order
    is the order in which the marks ran, and N shows what the passes before
    them did (inlining, CSE and symbol-dce all change it).
  }];
  let options = [
    Option<"tag", "tag", "std::string", /*default=*/"\"mark\"",
           "What to record">,
  ];
}

def TestEmitDslOps : Pass<"test-emit-dsl-ops", "::mlir::ModuleOp"> {
  let summary = "Replace calls to DSL-op stubs by the ops the plugin emits";
  let description = [{
    A `func.call` whose callee carries `trident.dsl_op = "<name>"` is
    replaced by what DSL op <name> emits for the call's operands, as the
    Python front end will do. Errors become diagnostics on the call.
  }];
}

#endif // TEST_EDITS_PASSES
