//===- FixtureSupport.h - Pieces shared by the bad-plugin fixtures -*- C++ -*-===//
//
// The MLIR-heavy parts of the test fixtures (a configurable pass, dialect
// registration hooks), compiled once and linked into every fixture plugin so
// that each fixture's own translation unit stays tiny.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TEST_PLUGINS_BAD_FIXTURESUPPORT_H
#define TRIDENT_TEST_PLUGINS_BAD_FIXTURESUPPORT_H

#include "trident/Plugin/PluginABI.h"

namespace fixture {

enum class PassAction {
  Mark,    ///< sets the unit attribute "<argument>.ran" on the module
  BreakIR, ///< erases the terminator of every func.func: fails verification
  Crash,   ///< stores through a null pointer (SIGSEGV)
  Fail,    ///< emits an error and signals failure
  // Resource failures, each asked for absurdly so that it fails under any
  // memory limit (the lit tests add one: RLIMIT_AS).
  OutOfMemory,     ///< operator new of 64 TiB
  LLVMOutOfMemory, ///< llvm::safe_malloc of 64 TiB
  FatalError,      ///< llvm::report_fatal_error, without a crash report
  Terminate,       ///< std::terminate
};

/// A new module pass whose flag is `argument` and which does `action`.
mlir::Pass *createPass(const char *argument, PassAction action);

/// Registers a dynamic dialect named `name` (no ops; enough to be a dialect).
void registerDynamicDialect(mlir::DialectRegistry &registry, const char *name);

/// Registers the core's func dialect, as a plugin whose dialect depends on
/// an upstream one does.
void registerFuncDialect(mlir::DialectRegistry &registry);

/// Registers a dynamic dialect named `name` that stores through a null
/// pointer (SIGSEGV) when a context loads it (as the parser does on
/// meeting its namespace).
void registerCrashingDialect(mlir::DialectRegistry &registry, const char *name);

/// A DSL op emitter that emits nothing and succeeds.
int emitNothing(mlir::OpBuilder &builder, mlir::Location loc,
                const mlir::Value *operands, size_t numOperands,
                mlir::DictionaryAttr attrs, mlir::Value *results,
                size_t numResults, TridentDiag *diag);

} // namespace fixture

#endif
