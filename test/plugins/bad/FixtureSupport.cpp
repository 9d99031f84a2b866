//===- FixtureSupport.cpp - Pieces shared by the bad-plugin fixtures ------===//
#include "FixtureSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"

#include <csignal>
#include <string>

using namespace mlir;

namespace {

struct FixturePass : PassWrapper<FixturePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FixturePass)

  FixturePass(std::string argument, fixture::PassAction action)
      : argument(std::move(argument)), action(action) {}
  FixturePass(const FixturePass &other) = default;

  StringRef getArgument() const override { return argument; }
  StringRef getDescription() const override {
    return "a pass of a Trident test fixture";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    switch (action) {
    case fixture::PassAction::Mark:
      module->setAttr(argument + ".ran", UnitAttr::get(&getContext()));
      return;
    case fixture::PassAction::BreakIR: {
      SmallVector<Operation *> terminators;
      module.walk([&](func::FuncOp f) {
        if (!f.isExternal())
          terminators.push_back(f.getBody().back().getTerminator());
      });
      for (Operation *op : terminators)
        op->erase();
      return;
    }
    case fixture::PassAction::Crash:
      std::raise(SIGSEGV);
      return;
    case fixture::PassAction::Fail:
      module.emitError() << "'" << argument << "' refuses this module";
      signalPassFailure();
      return;
    }
  }

  std::string argument;
  fixture::PassAction action;
};

} // namespace

namespace fixture {

Pass *createPass(const char *argument, PassAction action) {
  return new FixturePass(argument, action);
}

void registerDynamicDialect(DialectRegistry &registry, const char *name) {
  registry.insertDynamic(name, [](MLIRContext *, DynamicDialect *) {});
}

void registerFuncDialect(DialectRegistry &registry) {
  registry.insert<func::FuncDialect>();
}

void registerCrashingDialect(DialectRegistry &registry, const char *name) {
  registry.insertDynamic(name, [](MLIRContext *, DynamicDialect *) {
    std::raise(SIGSEGV);
  });
}

int emitNothing(OpBuilder &, Location, const Value *, size_t, Value *, size_t,
                TridentDiag *) {
  return 0;
}

} // namespace fixture
