//===- LowerDescriptors.cpp - tir-lower-descriptors pass --------*- C++ -*-===//
//
// Rewrites the block loads and stores of tensor descriptors built in the
// kernel into masked pointer accesses. For a descriptor
//
//   d = make_tensor_descriptor base, [s_0 .. s_r-1], [t_0 .. t_r-1]
//       -> tensordesc<tensor<B_0 x .. x B_r-1 x T>>
//
// and indices i_0 .. i_r-1, with (all in i64)
//
//   pos_k   = i_k + make_range(0, B_k)                     (1-D, length B_k)
//   at_k(x) = broadcast(x placed along dimension k)        (shape B)
//   ptrs    = splat(base) + sum_k at_k(pos_k * t_k)
//   mask    = and_k at_k(0 <= pos_k & pos_k < s_k)
//
// the rewrites are
//
//   descriptor_load d[i..]      -> load ptrs, mask, zeros(B x T)
//   descriptor_store d[i..], v  -> store ptrs, v, mask
//
// so an out-of-bounds element reads as zero and is not written, as the
// descriptor operations define. Offsets are i64 (the strides are), so that
// blocks of tensors over 2^31 elements are addressed right; a stride that is
// the constant 1 is not multiplied by. Descriptors that do not come from a
// `make_tensor_descriptor` are left alone: kernel arguments, which are the
// back end's (TMA tensor maps on sm_90), values carried through control
// flow, and blocks that already have a layout (GPU IR).
// `make_tensor_descriptor` ops left without uses are erased.
//
//===----------------------------------------------------------------------===//
#include "trident/Dialect/TileIR/Transforms/Passes.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"

#include "BlockAccess.h"

#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"

namespace trident::tir {
#define GEN_PASS_DEF_TILEIRLOWERDESCRIPTORS
#include "trident/Dialect/TileIR/Transforms/Passes.h.inc"
} // namespace trident::tir

using namespace mlir;
using namespace trident::tir;

namespace {

/// The pointer tile and the in-bounds mask of the block at `indices` of the
/// descriptor made by `make`, built at `b`'s insertion point.
BlockAccess buildDescAccess(ImplicitLocOpBuilder &b, MakeTensorDescOp make,
                            ValueRange indices) {
  return buildBlockAccess(b, make.getBase(), make.getType().getBlockShape(),
                          make.getShape(), make.getStrides(), indices);
}

/// Whether the back end can serve the descriptor `make` with a TMA tensor
/// map: only block loads and stores use it, TMA can move its block, and its
/// innermost dimension is contiguous (last stride the constant 1).
bool servedByTma(MakeTensorDescOp make) {
  for (Operation *user : make->getUsers())
    if (!isa<DescriptorLoadOp, DescriptorStoreOp>(user) ||
        user->getOperand(0) != make.getResult())
      return false;
  if (make.getStrides().empty())
    return false;
  // The constant 1, possibly widened (the front end writes extsi(1 : i32)).
  Value last = make.getStrides().back();
  while (Operation *def = last.getDefiningOp()) {
    if (!isa<arith::ExtSIOp, arith::ExtUIOp>(def))
      break;
    last = def->getOperand(0);
  }
  if (!matchPattern(last, m_One()))
    return false;
  return succeeded(trident::nvgir::getTmaBlockLayout(make.getType()));
}

struct TileIRLowerDescriptorsPass
    : trident::tir::impl::TileIRLowerDescriptorsBase<
          TileIRLowerDescriptorsPass> {
  using Base::Base;

  /// Replaces each tensor-descriptor argument of kernel `fn` by (base,
  /// shape..., strides..., padding) and makes the descriptor from them on
  /// entry. `padding` (i64, 1 for "nan") is what the CPU launcher passes
  /// last; these loads read zeros (the front end, which builds host
  /// descriptors from the same parameters itself, reads it).
  static void expandKernelArguments(func::FuncOp fn) {
    if (fn.isExternal() || !fn->hasAttr(TileIRDialect::getKernelAttrName()))
      return;
    MLIRContext *ctx = fn.getContext();
    Type i64 = IntegerType::get(ctx, 64);
    for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
      auto desc = dyn_cast<TensorDescType>(fn.getArgumentTypes()[i]);
      if (!desc)
        continue;
      Location loc = fn.getArgument(i).getLoc();
      int64_t rank = desc.getRank();
      SmallVector<Type> types{PointerType::get(desc.getElementType(), 1)};
      types.append(2 * rank + 1, i64);
      SmallVector<unsigned> positions(types.size(), i + 1);
      SmallVector<DictionaryAttr> attrs(types.size(), DictionaryAttr::get(ctx));
      SmallVector<Location> locs(types.size(), loc);
      if (failed(fn.insertArguments(positions, types, attrs, locs)))
        continue;
      OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
      SmallVector<Value> shape, strides;
      for (int64_t d = 0; d < rank; ++d) {
        shape.push_back(fn.getArgument(i + 2 + d));
        strides.push_back(fn.getArgument(i + 2 + rank + d));
      }
      Value made = MakeTensorDescOp::create(b, loc, desc, fn.getArgument(i + 1),
                                            shape, strides);
      fn.getArgument(i).replaceAllUsesWith(made);
      if (failed(fn.eraseArgument(i)))
        continue;
      i += types.size() - 1;
    }
  }

  /// A descriptor made outside a warp-specialized region and captured by
  /// its partitions is captured as what makes it (base, shape, strides) and
  /// made again at the start of each partition, whose block loads and
  /// stores then lower like the others.
  static void sinkIntoPartitions(WarpSpecializeOp ws) {
    for (unsigned i = 0; i < ws.getCaptures().size(); ++i) {
      auto make = ws.getCaptures()[i].getDefiningOp<MakeTensorDescOp>();
      if (!make)
        continue;
      SmallVector<Value> parts{make.getBase()};
      parts.append(make.getShape().begin(), make.getShape().end());
      parts.append(make.getStrides().begin(), make.getStrides().end());
      SmallVector<Value> captures(ws.getCaptures());
      captures.erase(captures.begin() + i);
      captures.append(parts);
      ws->setOperands(captures);
      for (Region &region : ws.getPartitionRegions()) {
        Block &block = region.front();
        SmallVector<Value> args;
        for (Value p : parts)
          args.push_back(block.addArgument(p.getType(), make.getLoc()));
        OpBuilder b = OpBuilder::atBlockBegin(&block);
        unsigned rank = make.getShape().size();
        Value made = MakeTensorDescOp::create(
            b, make.getLoc(), make.getType(), args[0],
            ArrayRef<Value>(args).slice(1, rank),
            ArrayRef<Value>(args).slice(1 + rank, rank));
        block.getArgument(i).replaceAllUsesWith(made);
        block.eraseArgument(i);
      }
      if (make->use_empty())
        make->erase();
      --i;
    }
  }

  /// The record at `storage` as a pointer to its 64-bit words.
  static Value recordWords(ImplicitLocOpBuilder &b, Value storage) {
    auto p = cast<PointerType>(storage.getType());
    return BitcastOp::create(
        b, PointerType::get(b.getI64Type(), p.getAddressSpace()), storage);
  }

  /// A pointer to word `word` of the record `words`.
  static Value recordWord(ImplicitLocOpBuilder &b, Value words, int64_t word) {
    if (word == 0)
      return words;
    return AddPtrOp::create(b, words,
                            arith::ConstantIntOp::create(b, word, 32));
  }

  /// Without TMA a descriptor in memory is a record of 64-bit words: the
  /// base address, the shape, the strides. `make ... into %storage` writes
  /// it and becomes a plain make (erased when nothing else uses it).
  static void writeRecord(MakeTensorDescOp make) {
    ImplicitLocOpBuilder b(make.getLoc(), make);
    Value words = recordWords(b, make.getStorage());
    Type i64 = b.getI64Type();
    auto widen = [&](Value v) -> Value {
      if (v.getType() == i64)
        return v;
      return arith::ExtSIOp::create(b, i64, v);
    };
    StoreOp::create(b, words, PtrToIntOp::create(b, i64, make.getBase()),
                    Value());
    int64_t word = 1;
    for (Value v : make.getShape())
      StoreOp::create(b, recordWord(b, words, word++), widen(v), Value());
    for (Value v : make.getStrides())
      StoreOp::create(b, recordWord(b, words, word++), widen(v), Value());
    if (make->use_empty())
      make.erase();
    else
      make.getStorageMutable().clear();
  }

  /// `reinterpret %p` without TMA: the record at %p read back and made
  /// into a descriptor again.
  static void readRecord(ReinterpretTensorDescOp op) {
    ImplicitLocOpBuilder b(op.getLoc(), op);
    TensorDescType desc = op.getType();
    Value words = recordWords(b, op.getPtr());
    auto word = [&](int64_t k) -> Value {
      return LoadOp::create(b, recordWord(b, words, k));
    };
    Value base = IntToPtrOp::create(
        b, PointerType::get(desc.getElementType(), 1), word(0));
    SmallVector<Value> shape, strides;
    int64_t rank = desc.getRank();
    for (int64_t d = 0; d < rank; ++d)
      shape.push_back(word(1 + d));
    for (int64_t d = 0; d < rank; ++d)
      strides.push_back(word(1 + rank + d));
    Value made = MakeTensorDescOp::create(b, desc, base, shape, strides);
    op.replaceAllUsesWith(made);
    op.erase();
  }

  void runOnOperation() override {
    if (expandArguments)
      getOperation()->walk(
          [](func::FuncOp fn) { expandKernelArguments(fn); });
    // Descriptors in memory: TMA tensor maps for the back end with `tma`,
    // records of base, shape and strides otherwise.
    if (!keepTma) {
      SmallVector<MakeTensorDescOp> writes;
      getOperation()->walk([&](MakeTensorDescOp make) {
        if (make.getStorage())
          writes.push_back(make);
      });
      for (MakeTensorDescOp make : writes)
        writeRecord(make);
      SmallVector<ReinterpretTensorDescOp> reads;
      getOperation()->walk(
          [&](ReinterpretTensorDescOp op) { reads.push_back(op); });
      for (ReinterpretTensorDescOp op : reads)
        readRecord(op);
    }
    if (!keepTma)
      getOperation()->walk(
          [](WarpSpecializeOp ws) { sinkIntoPartitions(ws); });
    SmallVector<Operation *> accesses;
    // Tile IR only: a block that already has a layout (GPU IR) is left to
    // the GPU IR lowerings.
    auto hasLayout = [](Value block) {
      return static_cast<bool>(
          cast<RankedTensorType>(block.getType()).getEncoding());
    };
    getOperation()->walk([&](Operation *op) {
      if (auto load = dyn_cast<DescriptorLoadOp>(op);
          load && !hasLayout(load.getResult()))
        accesses.push_back(op);
      if (auto store = dyn_cast<DescriptorStoreOp>(op);
          store && !hasLayout(store.getSrc()))
        accesses.push_back(op);
    });

    SmallPtrSet<Operation *, 8> makes;
    // With `tma`, the descriptors TMA serves stay for the back end.
    DenseMap<Operation *, bool> kept;
    auto keep = [&](MakeTensorDescOp make) {
      if (!keepTma)
        return false;
      auto [it, inserted] = kept.try_emplace(make, false);
      if (inserted)
        it->second = servedByTma(make);
      return it->second;
    };
    for (Operation *op : accesses) {
      ImplicitLocOpBuilder b(op->getLoc(), op);
      if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
        auto make = load.getDesc().getDefiningOp<MakeTensorDescOp>();
        if (!make || keep(make))
          continue;
        makes.insert(make);
        BlockAccess access = buildDescAccess(b, make, load.getIndices());
        Value zeros = arith::ConstantOp::create(
            b, b.getZeroAttr(load.getType()));
        Value value =
            LoadOp::create(b, load.getType(), access.ptrs, access.mask, zeros,
                           load.getCache(), load.getEvict());
        load.replaceAllUsesWith(value);
        load.erase();
        continue;
      }
      auto store = cast<DescriptorStoreOp>(op);
      auto make = store.getDesc().getDefiningOp<MakeTensorDescOp>();
      if (!make || keep(make))
        continue;
      makes.insert(make);
      BlockAccess access = buildDescAccess(b, make, store.getIndices());
      StoreOp::create(b, access.ptrs, store.getSrc(), access.mask);
      store.erase();
    }

    for (Operation *make : makes)
      if (make->use_empty())
        make->erase();
  }
};

} // namespace
