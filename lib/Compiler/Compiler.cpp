//===- Compiler.cpp - The C++ compiler API --------------------------------===//
#include "trident/Compiler/Compiler.h"
#include "trident/Compiler/PassTracker.h"

#include "trident/InitAll.h"
#include "trident/Plugin/PluginManager.h"
#include "trident/Support/Guard.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace mlir;

namespace trident {

namespace {

/// Collects the diagnostics emitted while it lives, formatted with source
/// lines where the buffer is known.
class DiagnosticCollector {
public:
  DiagnosticCollector(llvm::SourceMgr &mgr, MLIRContext &ctx)
      : os(text), handler(mgr, &ctx, os) {}
  std::string take() {
    os.flush();
    std::string s = StringRef(text).rtrim().str();
    text.clear();
    return s;
  }

private:
  std::string text;
  raw_string_ostream os;
  SourceMgrDiagnosticHandler handler;
};

} // namespace

Compiler::Compiler() {
  registerCorePasses();
  if (Error err = PluginManager::instance().loadFromEnvironment())
    handleAllErrors(std::move(err), [&](const ErrorInfoBase &e) {
      envErrors.push_back(e.message());
    });
  context.disableMultithreading();
  refreshDialects();
}

Compiler::~Compiler() = default;

void Compiler::refreshDialects() {
  DialectRegistry registry;
  registerCoreDialects(registry);
  PluginManager::instance().appendDialects(registry);
  context.appendDialectRegistry(registry);
}

Error Compiler::checkUsable() const {
  if (crashedIn.empty())
    return Error::success();
  return createStringError("this compiler is unusable after the crash in " +
                           crashedIn + "; use a new Compiler");
}

Expected<OwningOpRef<ModuleOp>> Compiler::parseSource(StringRef source,
                                                      StringRef bufferName) {
  if (Error err = checkUsable())
    return std::move(err);
  refreshDialects();
  // `sourceMgr` keeps every buffer so that diagnostics of later runs can
  // quote the source; the parser reads a SourceMgr's main (first) buffer, so
  // this buffer is parsed from a SourceMgr of its own.
  sourceMgr.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(source, bufferName), SMLoc());
  llvm::SourceMgr parseMgr;
  parseMgr.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(source, bufferName), SMLoc());
  DiagnosticCollector diags(parseMgr, context);
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module;
  // The parser runs dialect code (loading, type and op hooks, verifiers),
  // plugins' included.
  if (!runGuarded(
          [&] { module = parseSourceFile<ModuleOp>(parseMgr, config); })) {
    crashedIn = ("parsing '" + bufferName + "'").str();
    return createStringError(bufferName +
                             ": the parser crashed (in the hooks of a "
                             "dialect, most likely a plugin's)");
  }
  if (!module)
    return createStringError(diags.take());
  return std::move(module);
}

Expected<OwningOpRef<ModuleOp>> Compiler::parseFile(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return createStringError(path + ": cannot read: " +
                             buffer.getError().message());
  return parseSource((*buffer)->getBuffer(), path);
}

Expected<Pipeline> Compiler::buildPipeline(StringRef target, StringRef name,
                                           ArrayRef<PipelineEdit> extraEdits) {
  Expected<Target> t = Target::parse(target);
  if (!t)
    return t.takeError();
  return PluginManager::instance().buildPipeline(*t, name, extraEdits);
}

Error Compiler::run(ModuleOp module, const Pipeline &pipeline,
                    StringRef untilStage, StageCallback afterStage) {
  if (Error err = checkUsable())
    return err;
  refreshDialects();
  const Target &target = pipeline.target;
  if (!untilStage.empty() && !pipeline.findStage(untilStage))
    return createStringError("target " + target.str() + " has no stage '" +
                             untilStage + "'");
  if (!untilStage.empty() && !target.canRunStage(untilStage))
    return createStringError("stage '" + untilStage + "' of target " +
                             target.str() +
                             " is not implemented in this build yet");

  for (const Stage &stage : pipeline.stages) {
    if (!target.canRunStage(stage.name))
      break;
    DiagnosticCollector diags(sourceMgr, context);
    PassManager pm(&context, ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
    pm.enableVerifier(true);
    for (const PassEntry &entry : stage.entries) {
      if (entry.disabled)
        continue;
      const PassInfo *info = PassInfo::lookup(entry.pass);
      if (!info)
        return createStringError("stage '" + stage.name + "': entry '" +
                                 entry.id() + "' names unknown pass '" +
                                 entry.pass + "'");
      std::string optionErrors;
      auto onError = [&](const Twine &msg) {
        optionErrors = msg.str();
        return failure();
      };
      if (failed(info->addToPipeline(pm, entry.options, onError)))
        return createStringError("stage '" + stage.name + "': entry '" +
                                 entry.id() + "': bad options '" +
                                 entry.options + "': " + optionErrors);
    }
    auto tracker = std::make_unique<PassTracker>();
    PassTracker *track = tracker.get();
    pm.addInstrumentation(std::move(tracker));

    LogicalResult result = failure();
    bool survived = runGuarded([&] { result = pm.run(module); });
    if (!survived) {
      std::string what = describePass(track->current());
      crashedIn = what;
      return createStringError(what + " crashed in stage '" + stage.name +
                               "'; the compile was abandoned and the module "
                               "must not be used");
    }
    if (failed(result)) {
      std::string what = describePass(track->failed());
      std::string details = diags.take();
      bool broken = failed(verify(module));
      // When the pass manager's verifier failed, this verify() repeats its
      // diagnostics; keep them only if they are new (the pass itself failed).
      std::string verifier = diags.take();
      if (!verifier.empty() && !StringRef(details).contains(verifier))
        details += (details.empty() ? "" : "\n") + verifier;
      std::string why =
          broken ? " produced IR that fails verification" : " failed";
      return createStringError(what + why + " in stage '" + stage.name + "'" +
                               (details.empty() ? "" : ":\n" + details));
    }
    if (afterStage)
      afterStage(stage, module);
    if (stage.name == untilStage)
      break;
  }
  return Error::success();
}

} // namespace trident
