//===- ClusterBarriers.cpp - gir-cluster-barriers -------------------------===//
//
// Places the cluster barriers a kernel whose CTAs use each other's shared
// memory needs: after its barriers are initialized, before it returns (see
// Passes.td).
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/GPUIR/Transforms/Passes.h"

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace trident::gir {
#define GEN_PASS_DEF_GPUIRCLUSTERBARRIERS
#include "trident/Dialect/GPUIR/Transforms/Passes.h.inc"
} // namespace trident::gir

using namespace mlir;
using namespace trident;

namespace {

/// Whether `fn` reaches into another CTA's shared memory.
bool usesOtherCtas(func::FuncOp fn) {
  WalkResult found = fn.walk([](Operation *op) {
    if (auto arrive = dyn_cast<nvgir::MBarrierArriveOp>(op);
        arrive && arrive.getCta())
      return WalkResult::interrupt();
    if (auto load = dyn_cast<nvgir::TmaLoadOp>(op); load && load.getMulticast())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

LogicalResult placeBarriers(func::FuncOp fn) {
  Block &entry = fn.getBody().front();
  Operation *lastInit = nullptr;
  WalkResult walk = fn.walk([&](nvgir::MBarrierAllocOp alloc) {
    if (alloc->getBlock() != &entry) {
      alloc.emitOpError("allocates barriers inside a region of kernel '")
          << fn.getSymName()
          << "', whose CTAs use each other's (thread-block clusters): "
             "allocate them at the kernel's top level, so that every CTA "
             "has set its barriers up before another arrives on them";
      return WalkResult::interrupt();
    }
    if (!lastInit || lastInit->isBeforeInBlock(alloc))
      lastInit = alloc;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  OpBuilder b(fn.getContext());
  if (lastInit)
    b.setInsertionPointAfter(lastInit);
  else
    b.setInsertionPointToStart(&entry);
  auto init = nvgir::ClusterBarrierOp::create(b, fn.getLoc());
  init.setBarrierInit(true);
  // Every way out of the kernel.
  fn.walk([&](func::ReturnOp ret) {
    b.setInsertionPoint(ret);
    nvgir::ClusterBarrierOp::create(b, ret.getLoc());
  });
  return success();
}

struct ClusterBarriersPass
    : gir::impl::GPUIRClusterBarriersBase<ClusterBarriersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (gir::getClusterSize(module) <= 1)
      return;
    for (auto fn : module.getOps<func::FuncOp>())
      if (!fn.isExternal() && tir::isKernel(fn) && usesOtherCtas(fn) &&
          failed(placeBarriers(fn)))
        return signalPassFailure();
  }
};

} // namespace
