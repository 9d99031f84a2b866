//===- LowerToGir.cpp - TLX buffers onto gir's shared memory --------------===//
//
// tlx-lower-to-gir: each TLX op becomes its core counterpart; the buffer
// types become !gir.memdesc types (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Passes.h"
#include "TlxDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace tlx_plugin {
#define GEN_PASS_DEF_TLXLOWERTOGIR
#include "Passes.h.inc"
} // namespace tlx_plugin

using namespace mlir;
using namespace tlx_plugin;
namespace gir = trident::gir;

namespace {

/// Row-major, unswizzled: the last dimension contiguous.
gir::PlainSharedEncodingAttr rowMajor(MLIRContext *ctx, unsigned rank) {
  SmallVector<unsigned> order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  return gir::PlainSharedEncodingAttr::get(ctx, order);
}

gir::MemDescType memdescOf(BuffersType type) {
  SmallVector<int64_t> shape{type.getCount()};
  llvm::append_range(shape, type.getShape());
  return gir::MemDescType::get(type.getContext(), shape,
                               type.getElementType(),
                               rowMajor(type.getContext(),
                                        type.getShape().size()));
}

gir::MemDescType memdescOf(BufferType type) {
  return gir::MemDescType::get(type.getContext(), type.getShape(),
                               type.getElementType(),
                               rowMajor(type.getContext(),
                                        type.getShape().size()));
}

struct LowerToGirPass
    : tlx_plugin::impl::TlxLowerToGirBase<LowerToGirPass> {
  void runOnOperation() override {
    // Values of TLX types are made only by TLX ops (a kernel's arguments
    // never are); each op is rewritten in order, so its operands are
    // already gir values.
    IRMapping lowered;
    SmallVector<Operation *> dead;
    WalkResult walk = getOperation().walk([&](Operation *op) -> WalkResult {
      if (!isa<TlxDialect>(op->getDialect()))
        return WalkResult::advance();
      OpBuilder b(op);
      Location loc = op->getLoc();
      auto get = [&](Value v) { return lowered.lookupOrDefault(v); };
      if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
        if (alloc.getType().getElementType().getIntOrFloatBitWidth() < 8)
          return op->emitOpError("buffers of elements narrower than a byte "
                                 "are not supported, got ")
                 << alloc.getType();
        lowered.map(alloc.getResult(),
                    gir::LocalAllocOp::create(b, loc,
                                              memdescOf(alloc.getType())));
      } else if (auto view = dyn_cast<LocalViewOp>(op)) {
        lowered.map(view.getResult(),
                    gir::MemDescIndexOp::create(b, loc,
                                                memdescOf(view.getType()),
                                                get(view.getBuffers()),
                                                view.getIndex()));
      } else if (auto load = dyn_cast<LocalLoadOp>(op)) {
        Value v = gir::LocalLoadOp::create(b, loc, load.getType(),
                                           get(load.getBuffer()));
        load.getResult().replaceAllUsesWith(v);
      } else if (auto store = dyn_cast<LocalStoreOp>(op)) {
        gir::BarrierOp::create(b, loc);
        gir::LocalStoreOp::create(b, loc, store.getValue(),
                                  get(store.getBuffer()));
        gir::BarrierOp::create(b, loc);
      } else {
        return op->emitOpError("has no lowering to the core's GPU IR yet");
      }
      dead.push_back(op);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();
    for (Operation *op : llvm::reverse(dead)) {
      for (Value result : op->getResults())
        if (!result.use_empty()) {
          op->emitOpError("a value of a TLX type is used by an op that is "
                          "not TLX's (")
              << *result.getUsers().begin() << ")";
          return signalPassFailure();
        }
      op->erase();
    }
  }
};

} // namespace
