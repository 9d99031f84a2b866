//===- PassTracker.h - Which pass is running, and whose it is ---*- C++ -*-===//
#ifndef TRIDENT_COMPILER_PASSTRACKER_H
#define TRIDENT_COMPILER_PASSTRACKER_H

#include "mlir/Pass/PassInstrumentation.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace trident {

/// A pass instrumentation that remembers the pass currently running (so a
/// crash can be attributed) and the first pass that failed, by flag.
class PassTracker : public mlir::PassInstrumentation {
public:
  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override;
  void runAfterPass(mlir::Pass *pass, mlir::Operation *) override;
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *) override;

  /// Flag of the innermost pass running now, or "".
  std::string current() const;
  /// Flag of the first pass that failed, or "".
  std::string failed() const { return firstFailed; }
  /// Whether any pass has started (a crash before one did was in parsing).
  bool started() const { return anyStarted; }

private:
  void pop(mlir::Pass *pass);
  std::vector<std::string> running;
  std::string firstFailed;
  bool anyStarted = false;
};

/// "pass 'x' of plugin 'p' (path)" or "core pass 'x'".
std::string describePass(llvm::StringRef flag);

} // namespace trident

#endif
