//===- Compiler.cpp - The C++ compiler API --------------------------------===//
#include "trident/Compiler/Compiler.h"
#include "trident/Compiler/CrashReport.h"
#include "trident/Compiler/ParsedIR.h"
#include "trident/Compiler/PassTracker.h"
#include "trident/Dialect/TileIR/IR/TileSizeLimit.h"
#include "trident/Support/Files.h"

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

/// MLIR says "Dialect `x' not found" of IR from a dialect no one
/// registered; the usual reason here is a plugin that was not loaded, so
/// the error says how to load one.
static std::string withMissingDialectHint(std::string text) {
  StringRef marker = "Dialect `";
  size_t at = text.find(marker.str());
  if (at == std::string::npos)
    return text;
  size_t begin = at + marker.size();
  size_t end = text.find('\'', begin);
  if (end == std::string::npos)
    return text;
  std::string name = text.substr(begin, end - begin);
  if (!text.empty() && text.back() != '\n')
    text += '\n';
  text += "note: no loaded plugin provides dialect '" + name +
          "'; load the plugin that defines it (--load-plugin=<path>, "
          "TRIDENT_PLUGIN_PATHS, or trident.load_plugin in Python)";
  return text;
}

Expected<OwningOpRef<ModuleOp>> Compiler::parseSource(StringRef source,
                                                      StringRef bufferName) {
  if (Error err = checkUsable())
    return std::move(err);
  if (Error err = checkKnownParserCrashes(source, bufferName))
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
  // Verified by verifyParsedIR instead of the parser: see ParsedIR.h.
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module;
  // The parser runs dialect code (loading, type and op hooks, verifiers),
  // plugins' included: a crash is blamed on a plugin only when the plugin's
  // code was on the stack.
  GuardFailure failure;
  if (!runGuarded(
          [&] {
            module = parseSourceFile<ModuleOp>(parseMgr, config);
            if (module && failed(verifyParsedIR(*module)))
              module = nullptr;
          },
          &failure)) {
    crashedIn = ("parsing '" + bufferName + "'").str();
    CrashReport report = analyzeCrash(failure, "");
    return createStringError(
        bufferName + ": " +
        report.str("while parsing this file",
                   report.inMLIR ? "MLIR's parser" : "the parser"));
  }
  if (!module)
    return createStringError(withMissingDialectHint(diags.take()));
  return std::move(module);
}

Expected<OwningOpRef<ModuleOp>> Compiler::parseFile(StringRef path) {
  // A regular file, not empty (a FIFO or device would hang or never end).
  if (Error err = checkReadableFile(path))
    return createStringError(path + ": " + toString(std::move(err)));
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
  if (!module)
    return createStringError("the module is null");
  if (module->getContext() != &context)
    return createStringError("the module belongs to another MLIRContext; "
                             "parse it with this compiler");
  refreshDialects();
  const Target &target = pipeline.target;
  if (!untilStage.empty() && !pipeline.findStage(untilStage))
    return createStringError("target " + target.str() + " has no stage '" +
                             untilStage + "'");
  if (!untilStage.empty() && !target.canRunStage(untilStage))
    return createStringError("stage '" + untilStage + "' of target " +
                             target.str() +
                             " is not implemented in this build yet");

  // Tiles larger than Trident compiles are refused before any pass sees
  // them (kernels' already are by the verifier; this covers the rest).
  {
    DiagnosticCollector diags(sourceMgr, context);
    if (failed(tir::verifyTileSizes(module)))
      return createStringError(diags.take());
  }

  lastArtifact.reset();
  std::string lastRunnable;
  for (const Stage &stage : pipeline.stages) {
    if (!target.canRunStage(stage.name)) {
      // Asked for the whole pipeline: say where the target's back end
      // ends rather than hand back a half-compiled module.
      if (untilStage.empty())
        return createStringError(
            "target " + target.str() + " has no back end in this build yet: "
            "stage '" + stage.name + "' and the stages after it are not "
            "implemented" +
            (lastRunnable.empty()
                 ? std::string()
                 : "; ask for stage '" + lastRunnable +
                       "' (--emit " + lastRunnable +
                       ") to stop where the implemented part ends"));
      break;
    }
    lastRunnable = stage.name;
    // The stage's enabled entries: MLIR passes, then at most one
    // translation step, which must come last.
    std::vector<const PassEntry *> passes;
    const PassEntry *stepEntry = nullptr;
    const TranslationStepInfo *step = nullptr;
    for (const PassEntry &entry : stage.entries) {
      if (entry.disabled)
        continue;
      if (step)
        return createStringError(
            "stage '" + stage.name + "': entry '" + entry.id() +
            "' follows translation step '" + stepEntry->id() +
            "'; a translation step must be the last entry of its stage");
      if (const TranslationStepInfo *s = lookupTranslationStep(entry.pass)) {
        step = s;
        stepEntry = &entry;
        continue;
      }
      if (lastArtifact)
        return createStringError(
            "stage '" + stage.name + "': entry '" + entry.id() +
            "' is an MLIR pass, but the module was already translated to '" +
            lastArtifact->format + "' in stage '" + lastArtifact->stage + "'");
      passes.push_back(&entry);
    }
    // With no stage named, stop where the module would leave MLIR.
    if (untilStage.empty() && step)
      break;

    if (!lastArtifact)
      if (Error err = runPasses(module, stage, passes))
        return err;
    if (step)
      if (Error err = runStep(module, stage, *stepEntry, *step, target))
        return err;
    if (afterStage)
      afterStage(stage, module);
    if (stage.name == untilStage)
      break;
  }
  return Error::success();
}

Error Compiler::runStep(ModuleOp module, const Stage &stage,
                        const PassEntry &entry, const TranslationStepInfo &step,
                        const Target &target) {
  std::string where = "stage '" + stage.name + "': translation step '" +
                      entry.id() + "'";
  if (step.input == "mlir" && lastArtifact)
    return createStringError(where + " translates an MLIR module, but the "
                             "module was already translated to '" +
                             lastArtifact->format + "' in stage '" +
                             lastArtifact->stage + "'");
  if (step.input != "mlir" && !lastArtifact)
    return createStringError(where + " needs '" + step.input +
                             "' input, but no earlier step translated the "
                             "module (it is still MLIR)");
  if (step.input != "mlir" && lastArtifact->format != step.input)
    return createStringError(where + " needs '" + step.input +
                             "' input, but stage '" + lastArtifact->stage +
                             "' produced '" + lastArtifact->format + "'");
  StepInput input{target, module, lastArtifact ? &*lastArtifact : nullptr,
                  entry.options};
  std::optional<Expected<Artifact>> result;
  // Steps run LLVM code generation and external tools; a crash (or an LLVM
  // fatal error, which exits through the recovery context) is reported.
  GuardFailure failure;
  if (!runGuarded([&] { result.emplace(step.run(input)); }, &failure)) {
    crashedIn = where;
    // Blamed on a plugin whose code was on the stack, else on the step.
    CrashReport report = analyzeCrash(failure, "");
    return createStringError(
        report.str(report.who.empty() ? "" : "in " + where, where) +
        "; the compile was abandoned");
  }
  if (!*result)
    return createStringError(where + ": " + toString(result->takeError()));
  Artifact artifact = std::move(**result);
  artifact.stage = stage.name;
  if (artifact.format.empty())
    artifact.format = step.output;
  else if (artifact.format != step.output)
    return createStringError(where + " declares '" + step.output +
                             "' output but produced a '" + artifact.format +
                             "' artifact");
  lastArtifact = std::move(artifact);
  return Error::success();
}

namespace {
/// Runs the verifier after one pipeline entry and, if it fails, records the
/// entry's pass: so that "the pass failed" and "the pass broke the IR" can be
/// told apart (MLIR's own verifier reports both as a failed pass). It has no
/// argument, so PassTracker does not count it as a pass of its own.
struct VerifyAfterEntry
    : public PassWrapper<VerifyAfterEntry, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VerifyAfterEntry)
  VerifyAfterEntry(std::string pass, std::string *brokenBy)
      : pass(std::move(pass)), brokenBy(brokenBy) {}
  StringRef getArgument() const override { return ""; }
  void runOnOperation() override {
    if (failed(verify(getOperation()))) {
      *brokenBy = pass;
      signalPassFailure();
    }
  }
  std::string pass;
  std::string *brokenBy;
};
} // namespace

Error Compiler::runPasses(ModuleOp module, const Stage &stage,
                          ArrayRef<const PassEntry *> passes) {
  DiagnosticCollector diags(sourceMgr, context);
  PassManager pm(&context, ModuleOp::getOperationName(),
                 OpPassManager::Nesting::Implicit);
  // The verifier runs after every entry, as a pass of its own (above).
  pm.enableVerifier(false);
  std::string brokenBy;
  for (const PassEntry *entry : passes) {
    // Under the plugin manager's lock: another thread may be loading a
    // plugin into MLIR's pass registry.
    if (Error err = PluginManager::instance().addStagePasses(pm, stage, entry))
      return err;
    pm.addPass(std::make_unique<VerifyAfterEntry>(entry->pass, &brokenBy));
  }
  auto tracker = std::make_unique<PassTracker>();
  PassTracker *track = tracker.get();
  pm.addInstrumentation(std::move(tracker));

  LogicalResult result = failure();
  GuardFailure crash;
  if (!runGuarded([&] { result = pm.run(module); }, &crash)) {
    CrashReport report = analyzeCrash(crash, track->current());
    crashedIn = report.who.empty() ? describePass("") : report.who;
    return createStringError(
        report.str("in stage '" + stage.name + "'", describePass("")) +
        "; the compile was abandoned and the module must not be used");
  }
  if (failed(result)) {
    bool broken = !brokenBy.empty();
    std::string what = describePass(broken ? brokenBy : track->failed());
    std::string details = diags.take();
    std::string why =
        broken ? " produced IR that fails verification" : " failed";
    return createStringError(what + why + " in stage '" + stage.name + "'" +
                             (details.empty() ? "" : ":\n" + details));
  }
  return Error::success();
}

} // namespace trident
