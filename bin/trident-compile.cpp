//===- trident-compile.cpp - Compile a Tile IR module through a pipeline --===//
//
// Loads plugins, builds a target's pipeline, prints it, and runs a module
// through it stage by stage. Stages that end in a translation step (llir,
// ptx, cubin on cuda targets) write their artifact: LLVM IR, PTX, or a cubin
// with its kernel metadata next to it (out.cubin -> out.json).
//
//===----------------------------------------------------------------------===//
#include "trident/Compiler/ArtifactCache.h"
#include "trident/Compiler/Compiler.h"
#include "trident/Plugin/PluginManager.h"
#include "trident/Pipeline/PipelineEdit.h"
#include "trident/Target/NVIDIA/KernelMetadata.h"
#include "trident/Target/NVIDIA/NVIDIA.h"
#include "trident/Tools/ToolSupport.h"
#include "trident/Support/Guard.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory category("trident-compile options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.mlir>"),
                                      cl::init(""), cl::cat(category));
static cl::list<std::string>
    loadPlugin("load-plugin", cl::desc("Load a Trident plugin (repeatable)"),
               cl::value_desc("path"), cl::cat(category));
static cl::opt<std::string>
    targetSpec("target",
               cl::desc("Target: cuda:90a, cuda:80, amd:gfx942, cpu, cpu:x86-64"),
               cl::init("cuda:90a"), cl::cat(category));
static cl::opt<std::string>
    pipelineName("pipeline", cl::desc("Named pipeline to use"),
                 cl::init("default"), cl::cat(category));
static cl::opt<std::string>
    emitStage("emit",
              cl::desc("Stop after this stage and write its output (the IR, "
                       "or the artifact of llir, ptx, cubin)"),
              cl::init(""), cl::cat(category));
static cl::opt<bool> listPlugins("list-plugins",
                                 cl::desc("List the loaded plugins and exit "
                                          "(with --print-pipeline: then "
                                          "print the pipeline)"),
                                 cl::cat(category));
static cl::opt<bool>
    printPipeline("print-pipeline",
                  cl::desc("Print the pipeline (with who edited each entry)"),
                  cl::cat(category));
static cl::opt<bool>
    printStages("print-stages",
                cl::desc("Print the IR after every stage that runs"),
                cl::cat(category));
static cl::opt<int64_t> debugBarriers(
    "debug-barriers",
    cl::desc("On cuda targets: a barrier wait that has not completed after "
             "this many milliseconds prints what waits on what and where, "
             "then traps (gir-bound-barrier-waits; 0: off)"),
    cl::value_desc("ms"), cl::init(0), cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::init("-"),
                                       cl::cat(category));
static cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("Look the artifact of --emit up in this artifact cache and store "
             "it there after a miss ('default': $TRIDENT_CACHE_DIR, else "
             "~/.cache/trident); the key covers the module, the pipeline "
             "(with every plugin's cache key) and the stage; an entry whose "
             "size, hash or description is wrong is reported, removed and "
             "rebuilt"),
    cl::value_desc("dir"), cl::init(""));
static cl::opt<std::string>
    dumpDir("dump-dir", cl::desc("Write each stage's output into this folder"),
            cl::init(""), cl::cat(category));

static void printPlugins(raw_ostream &os) {
  auto plugins = trident::PluginManager::instance().plugins();
  if (plugins.empty()) {
    os << "no plugins loaded\n";
    return;
  }
  auto list = [](const std::vector<std::string> &v) {
    return v.empty() ? std::string("(none)") : join(v, ", ");
  };
  for (const trident::LoadedPlugin *p : plugins) {
    os << "plugin " << p->name << " " << p->version << " (" << p->path << ")\n";
    if (!p->description.empty())
      os << "  description: " << p->description << "\n";
    os << "  passes: " << list(p->passes) << "\n";
    os << "  dialects: " << list(p->dialects) << "\n";
    std::vector<std::string> ops, pipes, edits;
    for (const trident::DslOpDef &op : p->dslOps)
      ops.push_back(op.name + (op.signature.empty() ? "" : " " + op.signature));
    for (const trident::NamedPipelineDef &np : p->pipelines)
      pipes.push_back(np.name);
    for (const trident::PipelineEdit &e : p->edits)
      edits.push_back(e.describe() + (e.target == "*" ? "" : " [" + e.target + "]"));
    os << "  DSL ops: " << list(ops) << "\n";
    os << "  pipelines: " << list(pipes) << "\n";
    os << "  edits: " << list(edits) << "\n";
    os << "  cache key: " << (p->cacheKey.empty() ? "(none)" : p->cacheKey) << "\n";
  }
}

namespace {
/// Prints each stage's output (--print-stages) and writes it into the dump
/// folder (--dump-dir): the MLIR of every stage that still has it, then
/// the artifact (and a cubin's metadata).
class StageReporter {
public:
  explicit StageReporter(trident::Compiler &compiler) : compiler(compiler) {}
  void operator()(const trident::Stage &stage, mlir::ModuleOp m);
  /// The first file that could not be written, if any.
  const std::string &error() const { return dumpError; }

private:
  void print(const trident::Stage &stage, mlir::ModuleOp m,
             const trident::Artifact *artifact);
  void write(StringRef suffix, StringRef data, bool binary);

  trident::Compiler &compiler;
  std::string dumpError;
};
} // namespace

void StageReporter::operator()(const trident::Stage &stage, mlir::ModuleOp m) {
  // The stage's artifact, if it ended in a translation step.
  const trident::Artifact *artifact = compiler.artifact();
  if (artifact && artifact->stage != stage.name)
    artifact = nullptr;
  if (printStages)
    print(stage, m, artifact);
  if (dumpDir.empty())
    return;
  if (!artifact || artifact->format == "ll") {
    std::string text;
    raw_string_ostream os(text);
    m.print(os);
    write("." + stage.name + ".mlir", text, false);
  }
  if (!artifact)
    return;
  write("." + artifact->format, artifact->data, artifact->binary);
  if (artifact->format == "cubin")
    write(".json",
          formatv("{0:2}\n", json::Value(json::Object(artifact->metadata)))
              .str(),
          false);
}

void StageReporter::print(const trident::Stage &stage, mlir::ModuleOp m,
                          const trident::Artifact *artifact) {
  outs() << "// ----- " << (artifact ? "output" : "IR") << " after stage '"
         << stage.name << "' ----- //\n";
  if (!artifact)
    m.print(outs());
  else if (!artifact->binary)
    outs() << artifact->data;
  else
    outs() << "// " << artifact->data.size() << " bytes of "
           << artifact->format << "; metadata: "
           << json::Value(json::Object(artifact->metadata));
  outs() << "\n";
}

void StageReporter::write(StringRef suffix, StringRef data, bool binary) {
  SmallString<256> path(dumpDir);
  sys::path::append(path, sys::path::stem(inputFile) + suffix);
  std::error_code ec;
  raw_fd_ostream os(path, ec, binary ? sys::fs::OF_None : sys::fs::OF_Text);
  if (!ec)
    os << data;
  else if (dumpError.empty())
    dumpError = (path + ": " + ec.message()).str();
}

/// Writes the module (no artifact) or the artifact to -o, and a cubin's
/// metadata next to it (where the launcher finds it). Returns the exit
/// status.
static int writeOutput(mlir::ModuleOp module,
                       const trident::Artifact *artifact) {
  if (artifact && artifact->binary && outputFile == "-") {
    errs() << "trident: error: --emit " << emitStage << " writes a binary "
           << artifact->format << ": name the file with -o\n";
    return 1;
  }
  std::string error;
  auto out = mlir::openOutputFile(outputFile, &error);
  if (!out) {
    errs() << "trident: error: " << error << "\n";
    return 1;
  }
  if (!artifact) {
    module->print(out->os());
    out->os() << "\n";
    out->keep();
    return 0;
  }
  out->os() << artifact->data;
  if (artifact->format == "cubin") {
    Expected<trident::nvidia::KernelMetadata> meta =
        trident::nvidia::metadataFromJSON(
            json::Value(json::Object(artifact->metadata)), "cubin");
    if (!meta) {
      trident::reportErrors(meta.takeError());
      return 1;
    }
    if (trident::reportErrors(trident::nvidia::writeKernelMetadata(
            *meta, trident::nvidia::metadataPathFor(outputFile))))
      return 1;
  }
  out->keep();
  return 0;
}

/// --emit through the artifact cache (--cache-dir).
static Expected<trident::Artifact>
compileThroughCache(trident::Compiler &compiler, mlir::ModuleOp module,
                    const trident::Pipeline &pipeline) {
  trident::ArtifactCache cache(cacheDir == "default"
                                   ? trident::ArtifactCache::defaultDirectory()
                                   : cacheDir.getValue());
  bool hit = false;
  Expected<trident::Artifact> artifact = trident::compileCached(
      compiler, module, pipeline, emitStage, &cache, &hit);
  if (artifact)
    errs() << "trident: artifact cache " << (hit ? "hit" : "miss") << " in "
           << cache.directory() << "\n";
  return artifact;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  trident::installCrashHandlers();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Trident compiler: runs a Tile IR module through a target's pipeline\n");

  if (!trident::loadPlugins(loadPlugin))
    return 1;
  trident::Compiler compiler;

  if (listPlugins) {
    printPlugins(outs());
    if (!printPipeline)
      return 0;
  }

  SmallVector<trident::PipelineEdit> edits;
  if (debugBarriers < 0) {
    errs() << "trident-compile: --debug-barriers takes a number of "
              "milliseconds (0: off), not "
           << debugBarriers << "\n";
    return 1;
  }
  if (debugBarriers > 0 && StringRef(targetSpec).starts_with("cuda"))
    edits.push_back(trident::nvidia::boundBarrierWaitsEdit(debugBarriers));
  Expected<trident::Pipeline> pipeline =
      compiler.buildPipeline(targetSpec, pipelineName, edits);
  if (!pipeline) {
    trident::reportErrors(pipeline.takeError());
    return 1;
  }
  if (printPipeline) {
    pipeline->print(outs());
    if (inputFile.empty())
      return 0;
  }
  if (inputFile.empty()) {
    errs() << "trident: error: no input file (see --help)\n";
    return 1;
  }

  auto module = compiler.parseFile(inputFile);
  if (!module) {
    trident::reportErrors(module.takeError());
    return 1;
  }
  if (!dumpDir.empty())
    if (std::error_code ec = sys::fs::create_directories(dumpDir)) {
      errs() << "trident: error: " << dumpDir << ": " << ec.message() << "\n";
      return 1;
    }

  // Through the artifact cache: a plain --emit of a stage with an artifact.
  std::optional<trident::Artifact> cached;
  StageReporter reporter(compiler);
  if (!cacheDir.empty() && !emitStage.empty() && !printStages &&
      dumpDir.empty()) {
    Expected<trident::Artifact> artifact =
        compileThroughCache(compiler, **module, *pipeline);
    if (!artifact) {
      trident::reportErrors(artifact.takeError());
      return 1;
    }
    cached = std::move(*artifact);
  } else if (trident::reportErrors(compiler.run(
                 **module, *pipeline, emitStage,
                 [&](const trident::Stage &stage, mlir::ModuleOp m) {
                   reporter(stage, m);
                 }))) {
    return 1;
  }
  if (!reporter.error().empty()) {
    errs() << "trident: error: " << reporter.error() << "\n";
    return 1;
  }
  // The stages went to stdout already; -o FILE still gets the output.
  if (printStages && outputFile == "-")
    return 0;
  return writeOutput(**module, cached ? &*cached : compiler.artifact());
}
