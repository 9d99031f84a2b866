//===- PassTracker.cpp - Which pass is running, and whose it is -----------===//
#include "trident/Compiler/PassTracker.h"

#include "trident/Plugin/PluginManager.h"

#include "mlir/Pass/Pass.h"

using namespace llvm;

namespace trident {

void PassTracker::runBeforePass(mlir::Pass *pass, mlir::Operation *) {
  // Adaptors (nested pipelines) have no argument; only real passes count.
  if (!pass->getArgument().empty()) {
    running.push_back(pass->getArgument().str());
    anyStarted = true;
  }
}

void PassTracker::runAfterPass(mlir::Pass *pass, mlir::Operation *) {
  pop(pass);
}

void PassTracker::runAfterPassFailed(mlir::Pass *pass, mlir::Operation *) {
  if (!pass->getArgument().empty() && firstFailed.empty())
    firstFailed = pass->getArgument().str();
  pop(pass);
}

std::string PassTracker::current() const {
  return running.empty() ? "" : running.back();
}

void PassTracker::pop(mlir::Pass *pass) {
  if (!pass->getArgument().empty() && !running.empty())
    running.pop_back();
}

std::string describePass(StringRef flag) {
  if (flag.empty())
    return "an unidentified pass";
  if (const LoadedPlugin *p = PluginManager::instance().ownerOfPass(flag))
    return ("pass '" + flag + "' of plugin '" + p->name + "' (" + p->path + ")")
        .str();
  return ("core pass '" + flag + "'").str();
}

} // namespace trident
