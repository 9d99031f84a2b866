//===- ProblemOptions.cpp - Command-line sizes of the test problems -------===//
#include "trident/Tools/ProblemOptions.h"

#include <random>

using namespace llvm;

namespace trident::testing {

ProblemOptions::ProblemOptions(cl::OptionCategory &category)
    : n("n",
        cl::desc("vector_add/cumsum/histogram length (default, or 0: 2^20); "
                 "matmul N (default 512)"),
        cl::init(0), cl::cat(category)),
      m("m", cl::desc("matmul M (default 512)"), cl::init(0),
        cl::cat(category)),
      k("k", cl::desc("matmul K (default 512)"), cl::init(0),
        cl::cat(category)),
      rows("rows", cl::desc("softmax / layer_norm rows (default 1024)"),
           cl::init(0), cl::cat(category)),
      cols("cols",
           cl::desc("softmax / layer_norm columns; histogram bins (default "
                    "1024)"),
           cl::init(0), cl::cat(category)),
      dtype("dtype", cl::desc("matmul input type: f32, bf16"), cl::init("f32"),
            cl::cat(category)),
      outDtype("out-dtype", cl::desc("matmul output type (default: --dtype)"),
               cl::init(""), cl::cat(category)),
      transB("trans-b",
             cl::desc("matmul: b stored transposed (stride K along n)"),
             cl::cat(category)),
      seed("seed", cl::desc("Random seed (default: a fresh one)"), cl::init(0),
           cl::cat(category)) {}

Sizes ProblemOptions::sizes() const {
  Sizes s;
  s.n = n;
  s.m = m;
  s.k = k;
  s.rows = rows;
  s.cols = cols;
  s.dtype = dtype;
  s.outDtype = outDtype;
  s.transB = transB;
  return s;
}

uint64_t ProblemOptions::seedOrFresh() const {
  return seed ? uint64_t(seed) : std::random_device()();
}

} // namespace trident::testing
