//===- TestDsl.cpp - Call DSL ops the way the front end will --------------===//
//
// Plugin 'test-dsl': one pass, test-emit-dsl-ops, that emits DSL ops through
// the core's registry (PluginManager::emitDslOp), as the Python front end
// will. It has no pipeline edits, so it loads next to any other plugin.
//
//===----------------------------------------------------------------------===//
#include "trident/Plugin/PluginABI.h"
#include "trident/Plugin/PluginManager.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace test_edits {
#define GEN_PASS_DECL_TESTEMITDSLOPS
#define GEN_PASS_DEF_TESTEMITDSLOPS
#include "Passes.h.inc"
} // namespace test_edits

using namespace mlir;

namespace {

struct TestEmitDslOpsPass
    : test_edits::impl::TestEmitDslOpsBase<TestEmitDslOpsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) { calls.push_back(call); });
    bool failedAny = false;
    for (func::CallOp call : calls) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      auto name = callee ? callee->getAttrOfType<StringAttr>("trident.dsl_op")
                         : StringAttr();
      if (!name)
        continue;
      OpBuilder builder(call);
      SmallVector<Value> results(call.getNumResults());
      SmallVector<Value> operands(call.getOperands());
      // The stub's `trident.dsl_attrs` (a dictionary) are the op's
      // attributes.
      auto attrs = callee->getAttrOfType<DictionaryAttr>("trident.dsl_attrs");
      if (!attrs)
        attrs = builder.getDictionaryAttr({});
      if (llvm::Error err = trident::PluginManager::instance().emitDslOp(
              name.getValue(), builder, call.getLoc(), operands, attrs,
              results)) {
        call.emitError(llvm::toString(std::move(err)));
        failedAny = true;
        continue;
      }
      call.replaceAllUsesWith(results);
      call.erase();
    }
    if (failedAny)
      signalPassFailure();
  }
};

const TridentPassInfo kPasses[] = {
    {"test-emit-dsl-ops",
     "Replace calls to DSL-op stubs by the ops the plugin emits",
     []() -> Pass * { return test_edits::createTestEmitDslOps().release(); }},
};

TridentPluginInfo makeInfo() {
  TridentPluginInfo info = {};
  info.apiVersion = TRIDENT_PLUGIN_API_VERSION;
  info.structSize = sizeof(TridentPluginInfo);
  info.coreBuildId = TRIDENT_BUILD_ID;
  info.name = "test-dsl";
  info.version = "0.1";
  info.description = "Test plugin: emits DSL ops through the core's registry";
  info.passes = kPasses;
  info.numPasses = std::size(kPasses);
  return info;
}

} // namespace

TRIDENT_PLUGIN_EXPORT const TridentPluginInfo *tridentGetPluginInfo() {
  static const TridentPluginInfo info = makeInfo();
  return &info;
}
