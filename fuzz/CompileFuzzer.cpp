//===- CompileFuzzer.cpp - libFuzzer target: parse and compile ------------===//
//
// Each input is MLIR text. It is parsed, verified and compiled by a fresh
// trident::Compiler for the cuda (through PTX) and cpu (through LLVM IR)
// targets, exactly as trident-compile does. Errors are the expected answer
// to bad input; a finding is anything else:
//   - a crash, an abort or a fatal error: the compiler's crash guard turns
//     them into an error (and the compiler then refuses further work),
//     which this target turns back into a trap so that libFuzzer keeps the
//     input (set
//     TRIDENT_NO_CRASH_GUARD=1 to turn the guard off and get the faulting
//     stack instead);
//   - what AddressSanitizer reports (the build instruments Trident's code);
//   - a run slower than libFuzzer's -timeout, or an allocation over its
//     -rss_limit_mb / -malloc_limit_mb.
//
// Built only with -DTRIDENT_ENABLE_FUZZER=ON (scripts/fuzz.sh); see
// docs/fuzzing.md.
//
//===----------------------------------------------------------------------===//
#include "trident/Compiler/Compiler.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

using namespace llvm;

namespace {

struct TargetRun {
  const char *target;
  const char *stage;
};

constexpr TargetRun kRuns[] = {{"cuda:90a", "ptx"}, {"cpu", "llir"}};

/// A crash caught by the guard is a finding: report it and trap. The
/// error's text cannot tell (a diagnostic quotes the input, which may say
/// anything); a compiler that caught a crash refuses all further work, so
/// one more call asks it.
void checkNotCrashed(trident::Compiler &compiler, Error err, const char *what) {
  std::string message = toString(std::move(err));
  Expected<mlir::OwningOpRef<mlir::ModuleOp>> probe =
      compiler.parseSource("module {}", "probe.mlir");
  if (probe)
    return;
  std::string why = toString(probe.takeError());
  if (StringRef(why).contains("unusable after the crash")) {
    errs() << "trident-fuzz: " << what << " crashed:\n" << message << "\n";
    __builtin_trap();
  }
}

void compileFor(StringRef source, const TargetRun &run) {
  trident::Compiler compiler;
  Expected<mlir::OwningOpRef<mlir::ModuleOp>> module =
      compiler.parseSource(source, "fuzz-input.mlir");
  if (!module)
    return checkNotCrashed(compiler, module.takeError(), "parsing");
  Expected<trident::Pipeline> pipeline = compiler.buildPipeline(run.target);
  if (!pipeline) {
    errs() << "trident-fuzz: no pipeline for " << run.target << ": "
           << toString(pipeline.takeError()) << "\n";
    std::abort(); // the fuzzer's own setup is broken, not the input
  }
  if (Error err = compiler.run(**module, *pipeline, run.stage))
    checkNotCrashed(compiler, std::move(err), run.target);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef source(reinterpret_cast<const char *>(data), size);
  for (const TargetRun &run : kRuns)
    compileFor(source, run);
  return 0;
}
