//===- ProblemOptions.h - Command-line sizes of the test problems -*- C++ -*-===//
//
// The options that size a named test problem (TestProblems.h), one
// definition for every runner (trident-launch, trident-run-cpu). A tool
// makes one ProblemOptions at namespace scope, before cl::ParseCommandLine
// runs, with the category its options are listed under.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_TOOLS_PROBLEMOPTIONS_H
#define TRIDENT_TOOLS_PROBLEMOPTIONS_H

#include "trident/Tools/TestProblems.h"

#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <string>

namespace trident::testing {

struct ProblemOptions {
  explicit ProblemOptions(llvm::cl::OptionCategory &category);

  /// The sizes and types the options give.
  Sizes sizes() const;
  /// --seed, or a fresh random one when it is 0.
  uint64_t seedOrFresh() const;

  llvm::cl::opt<unsigned> n, m, k, rows, cols;
  llvm::cl::opt<std::string> dtype, outDtype;
  llvm::cl::opt<bool> transB;
  llvm::cl::opt<uint64_t> seed;
};

} // namespace trident::testing

#endif
