//===- FixtureSupport.cpp - Pieces shared by the bad-plugin fixtures ------===//
#include "FixtureSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemAlloc.h"

#include <csignal>
#include <cstdlib>
#include <exception>
#include <string>

using namespace mlir;

namespace {

/// A genuine fault in the fixture's own code (not a tail call to raise(),
/// which would leave no frame of the plugin on the stack): crash reports
/// find the plugin by the faulting frame.
[[gnu::noinline]] void fault() {
  volatile int *p = nullptr;
  *p = 1;
  asm volatile("");
}

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
      fault();
      return;
    case fixture::PassAction::Fail:
      module.emitError() << "'" << argument << "' refuses this module";
      signalPassFailure();
      return;
    case fixture::PassAction::OutOfMemory:
      // Kept in `sink`, so that the optimizer cannot elide the allocation.
      sink = new char[absurd];
      module->setAttr(argument + ".allocated", UnitAttr::get(&getContext()));
      return;
    case fixture::PassAction::LLVMOutOfMemory:
      sink = llvm::safe_malloc(absurd);
      module->setAttr(argument + ".allocated", UnitAttr::get(&getContext()));
      return;
    case fixture::PassAction::FatalError:
      llvm::report_fatal_error("the fixture gives up", /*GenCrashDiag=*/false);
    case fixture::PassAction::Terminate:
      std::terminate();
    }
  }

  std::string argument;
  fixture::PassAction action;
  static inline void *volatile sink = nullptr;
  static inline volatile size_t absurd = size_t(1) << 46; // 64 TiB
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
  registry.insertDynamic(name,
                         [](MLIRContext *, DynamicDialect *) { fault(); });
}

int emitNothing(OpBuilder &, Location, const Value *, size_t, DictionaryAttr,
                Value *, size_t, TridentDiag *) {
  return 0;
}

} // namespace fixture
