//===- Combine.cpp - tir-combine pass ---------------------------*- C++ -*-===//
#include "trident/Dialect/TileIR/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace trident::tir {
#define GEN_PASS_DEF_TILEIRCOMBINE
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

using namespace mlir;

namespace {
struct TileIRCombinePass
    : trident::tir::impl::TileIRCombineBase<TileIRCombinePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
