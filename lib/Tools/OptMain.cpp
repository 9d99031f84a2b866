//===- OptMain.cpp - trident-opt ------------------------------------------===//
//
// MlirOptMain over every core and plugin dialect and pass, with two additions:
// `--load-plugin=PATH`, and crash recovery around the whole run, so that a
// plugin pass (or dialect hook) that crashes is reported by name and the tool
// exits with status 1 instead of dying by a signal.
//
//===----------------------------------------------------------------------===//
#include "trident/Compiler/CrashReport.h"
#include "trident/Compiler/ParsedIR.h"
#include "trident/Compiler/PassTracker.h"
#include "trident/Dialect/TileIR/IR/TileSizeLimit.h"
#include "trident/Support/Files.h"
#include "trident/InitAll.h"
#include "trident/Plugin/PluginManager.h"
#include "trident/Support/Guard.h"
#include "trident/Tools/ToolSupport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace trident {

namespace {
/// Forwards to a PassTracker that outlives the pass manager, and records in
/// `brokenBy` the pass after which the IR failed verification.
class TrackerRef : public mlir::PassInstrumentation {
public:
  TrackerRef(PassTracker &t, std::string &brokenBy)
      : brokenBy(brokenBy), tracker(t) {}
  void runBeforePass(mlir::Pass *p, mlir::Operation *op) override {
    tracker.runBeforePass(p, op);
  }
  void runAfterPass(mlir::Pass *p, mlir::Operation *op) override {
    tracker.runAfterPass(p, op);
  }
  void runAfterPassFailed(mlir::Pass *p, mlir::Operation *op) override {
    // MLIR reports a pass that broke the IR as failed too: tell the two
    // apart by verifying again (quietly: the verifier has spoken).
    if (!p->getArgument().empty() && tracker.failed().empty()) {
      mlir::ScopedDiagnosticHandler quiet(
          op->getContext(), [](mlir::Diagnostic &) { return mlir::success(); });
      if (mlir::failed(mlir::verify(op)))
        brokenBy = p->getArgument().str();
    }
    tracker.runAfterPassFailed(p, op);
  }
private:
  std::string &brokenBy;
  PassTracker &tracker;
};
/// Refuses tiles over tir::kMaxTileElements before the command line's
/// passes run (a kernel's are refused by the verifier already; this covers
/// every other function and op). It has no argument, so PassTracker does
/// not count it as a pass.
struct CheckTileSizes
    : public mlir::PassWrapper<CheckTileSizes, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckTileSizes)
  llvm::StringRef getArgument() const override { return ""; }
  void runOnOperation() override {
    if (mlir::failed(tir::verifyTileSizes(getOperation())))
      signalPassFailure();
  }
};
/// Verifies the input before the command line's passes, in place of the
/// parser (see Compiler/ParsedIR.h: the verifier can crash on an op that
/// the parser let through). No argument, as CheckTileSizes.
struct VerifyParsedInput
    : public mlir::PassWrapper<VerifyParsedInput, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VerifyParsedInput)
  llvm::StringRef getArgument() const override { return ""; }
  void runOnOperation() override {
    if (mlir::failed(verifyParsedIR(getOperation())))
      signalPassFailure();
  }
};
} // namespace

int optMain(int argc, char **argv) {
  // Crashes outside the guarded run ask for a Trident bug report too.
  installCrashHandlers();
  std::vector<char *> args(argv, argv + argc);
  std::vector<std::string> plugins = extractPluginArgs(args);
  // Passes run on the calling thread, where crash recovery can catch them.
  static char noThreads[] = "--mlir-disable-threading";
  args.push_back(noThreads);
  registerCorePasses();
  if (!loadPlugins(plugins))
    return 1;
  mlir::DialectRegistry registry;
  registerCoreDialects(registry);
  PluginManager::instance().appendDialects(registry);

  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      static_cast<int>(args.size()), args.data(),
      "Trident optimizer driver (plugins: --load-plugin=PATH or "
      "TRIDENT_PLUGIN_PATHS)",
      registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  // Keep the command line's pipeline (a copy of the config holds it) and
  // add the tracker in front of it.
  const mlir::MlirOptMainConfig fromCommandLine = config;
  // The input is verified by the first pass instead of the parser, unless
  // the command line turned verification on parsing off.
  const bool verifyInput = config.shouldVerifyOnParsing();
  config.verifyOnParsing(false);
  PassTracker tracker;
  std::string brokenBy;
  config.setPassPipelineSetupFn([&](mlir::PassManager &pm) {
    pm.addInstrumentation(std::make_unique<TrackerRef>(tracker, brokenBy));
    if (verifyInput)
      pm.addPass(std::make_unique<VerifyParsedInput>());
    pm.addPass(std::make_unique<CheckTileSizes>());
    return fromCommandLine.setupPassPipeline(pm);
  });

  std::string error;
  // A regular file (or "-"): a FIFO or device would hang or never end. An
  // empty file is an empty module.
  if (inputFile != "-")
    if (Error err = checkReadableFile(inputFile, /*allowEmpty=*/true)) {
      errs() << "trident: error: " << inputFile << ": "
             << toString(std::move(err)) << "\n";
      return 1;
    }
  std::unique_ptr<MemoryBuffer> input = mlir::openInputFile(inputFile, &error);
  if (!input) {
    errs() << "trident: error: " << error << "\n";
    return 1;
  }
  // Constructs known to crash MLIR's parser are refused, located.
  if (Error err = checkKnownParserCrashes(input->getBuffer(),
                                          input->getBufferIdentifier())) {
    errs() << toString(std::move(err)) << "\n";
    return 1;
  }
  std::unique_ptr<ToolOutputFile> output = mlir::openOutputFile(outputFile, &error);
  if (!output) {
    errs() << "trident: error: " << error << "\n";
    return 1;
  }

  mlir::LogicalResult result = mlir::failure();
  GuardFailure failure;
  bool survived = runGuarded(
      [&] {
        result =
            mlir::MlirOptMain(output->os(), std::move(input), registry, config);
      },
      &failure);
  if (!survived) {
    // Whose code was on the stack, or which pass ran; before any pass, the
    // parser's; after them, the verifier's or printer's.
    CrashReport report = analyzeCrash(failure, tracker.current());
    std::string context, nobody;
    if (!tracker.current().empty()) {
      // The report names the pass.
    } else if (!tracker.started()) {
      context = "while parsing '" + inputFile + "'";
      nobody = report.inMLIR ? "MLIR's parser" : "the parser";
    } else {
      context = "after the passes";
      nobody = "the verifier or printer";
    }
    errs() << "trident: error: " << report.str(context, nobody)
           << "; no output was written\n";
    return 1;
  }
  if (mlir::failed(result)) {
    // Which pass, whose, and whether it failed or broke the IR (the
    // diagnostics above say what), as trident-compile does.
    if (std::string flag = tracker.failed(); !flag.empty())
      errs() << "trident: error: " << describePass(flag)
             << (brokenBy == flag ? " produced IR that fails verification"
                                  : " failed")
             << "; no output was written\n";
    return 1;
  }
  output->keep();
  return 0;
}

} // namespace trident
