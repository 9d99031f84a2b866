//===- CTASplit.cpp - Which ops take tiles split over a cluster -----------===//
#include "trident/Dialect/GPUIR/Transforms/CTASplit.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace trident::gir {

bool acceptsCTASplit(Operation *op) {
  if (op->hasTrait<OpTrait::Elementwise>())
    return true;
  // A constant tile is one value repeated (any other would need its
  // elements' coordinates).
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return !isa<DenseElementsAttr>(constant.getValue()) ||
           cast<DenseElementsAttr>(constant.getValue()).isSplat();
  return isa<tir::SplatOp, tir::MakeRangeOp, tir::BroadcastOp,
             tir::ExpandDimsOp, tir::AddPtrOp, tir::BitcastOp,
             tir::IntToPtrOp, tir::PtrToIntOp, tir::ExternElementwiseOp,
             tir::InlineAsmElementwiseOp, tir::MapElementwiseOp,
             tir::MapElementwiseReturnOp, tir::LoadOp, tir::StoreOp,
             tir::AtomicRMWOp, tir::AtomicCASOp, tir::ReduceOp,
             tir::ReduceReturnOp, tir::ScanOp, tir::ScanReturnOp, tir::DotOp,
             tir::AssumeOp, gir::ConvertLayoutOp, nvgir::WarpgroupDotOp,
             nvgir::WarpgroupWaitOp, nvgir::AsyncCopyOp, scf::ForOp, scf::IfOp, scf::YieldOp>(op);
}

bool needsWholeOperand(Operation *op, unsigned index) {
  // A dot's A rows follow its accumulator's (a CTA multiplies its block of
  // rows); every CTA needs all of B.
  if (isa<tir::DotOp>(op))
    return index == 1;
  if (auto reduce = dyn_cast<tir::ReduceOp>(op))
    return reduce.getAxis() == 0;
  if (auto scan = dyn_cast<tir::ScanOp>(op))
    return scan.getAxis() == 0;
  return false;
}

} // namespace trident::gir
