//===- Compiler.h - The C++ compiler API ------------------------*- C++ -*-===//
//
// The entry point for using Trident from C++ with no Python: load plugins,
// parse a module, build a target's pipeline and run it up to a named stage,
// reading the IR after each stage. Stages that end in a translation step
// (see TranslationStep.h) also leave an artifact: LLVM IR, PTX, a cubin.
//
//   trident::Compiler compiler;                       // reads TRIDENT_PLUGIN_PATHS
//   cantFail(trident::PluginManager::instance().load("libmy-plugin.so"));
//   auto module = compiler.parseFile("kernel.mlir");
//   auto pipeline = compiler.buildPipeline("cuda:90a");
//   compiler.run(**module, *pipeline, "gir",
//                [](const Stage &s, ModuleOp m) { m.print(llvm::outs()); });
//   compiler.run(**module, *pipeline, "cubin");       // an LLVM-dialect module
//   const trident::Artifact *cubin = compiler.artifact();
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_COMPILER_COMPILER_H
#define TRIDENT_COMPILER_COMPILER_H

#include "trident/Compiler/TranslationStep.h"
#include "trident/Pipeline/PipelineEdit.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <optional>

namespace trident {

class Compiler {
public:
  /// Creates a compiler with its own MLIR context (single-threaded, so that
  /// a crashing plugin pass is recovered on the calling thread). Plugins
  /// named by TRIDENT_PLUGIN_PATHS are loaded at their first use in a
  /// process (at the latest here); the first construction keeps their
  /// errors in `environmentErrors()`.
  Compiler();
  ~Compiler();

  mlir::MLIRContext &getContext() { return context; }
  /// Errors from loading TRIDENT_PLUGIN_PATHS ("<path>: <reason>" each), or
  /// empty.
  llvm::ArrayRef<std::string> environmentErrors() const { return envErrors; }

  /// Parses and verifies a module. Diagnostics are in the error's message.
  /// A crash while parsing (in a dialect's hooks, often a plugin's) is
  /// reported as an error.
  llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
  parseSource(llvm::StringRef source, llvm::StringRef bufferName = "<source>");
  llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
  parseFile(llvm::StringRef path);

  /// The pipeline `name` of `target` with every plugin's edits.
  llvm::Expected<Pipeline>
  buildPipeline(llvm::StringRef target, llvm::StringRef name = "default",
                llvm::ArrayRef<PipelineEdit> extraEdits = {});

  using StageCallback =
      llvm::function_ref<void(const Stage &stage, mlir::ModuleOp module)>;
  /// Runs the pipeline's stages in order through `untilStage`, calling
  /// `afterStage` after each. The verifier runs after every pass; a pass
  /// that fails, breaks the IR or crashes is reported naming it and its
  /// plugin.
  ///
  /// With `untilStage` empty, runs every stage this build can run that
  /// keeps the module in MLIR: it stops before the first stage that ends in
  /// a translation step, so that a Tile IR module is not handed to the LLVM
  /// translation before the Tile IR -> LLVM lowering exists. Name the stage
  /// ("llir", "ptx", "cubin") to get an artifact.
  ///
  /// The module must belong to this compiler's context (getContext(), as
  /// parseSource's do); another context's module is refused with an error.
  ///
  /// After a crash (here or in parseSource) the context may be left
  /// inconsistent: this compiler then refuses further work with an error,
  /// and a new Compiler must be used.
  llvm::Error run(mlir::ModuleOp module, const Pipeline &pipeline,
                  llvm::StringRef untilStage = "",
                  StageCallback afterStage = nullptr);

  /// The artifact of the last translation step that ran (LLVM IR text, PTX
  /// text, cubin bytes, with the kernel metadata), or null while the module
  /// is still MLIR. Read it in the stage callback (it is the current stage's
  /// output when `artifact()->stage` is that stage's name) or after run();
  /// each run() starts with none.
  const Artifact *artifact() const {
    return lastArtifact ? &*lastArtifact : nullptr;
  }

private:
  void refreshDialects();
  /// Runs a stage's MLIR passes on the module.
  llvm::Error runPasses(mlir::ModuleOp module, const Stage &stage,
                        llvm::ArrayRef<const PassEntry *> passes);
  /// Runs the step that ends a stage, leaving its output in lastArtifact.
  llvm::Error runStep(mlir::ModuleOp module, const Stage &stage,
                      const PassEntry &entry, const TranslationStepInfo &step,
                      const Target &target);
  /// An error if an earlier crash left this compiler unusable.
  llvm::Error checkUsable() const;

  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
  std::vector<std::string> envErrors;
  std::string crashedIn; ///< what crashed, if anything did
  std::optional<Artifact> lastArtifact;
};

} // namespace trident

#endif
