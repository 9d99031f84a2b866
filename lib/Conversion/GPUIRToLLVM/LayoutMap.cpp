//===- LayoutMap.cpp - Where a tile's elements live -----------------------===//
#include "Patterns.h"

#include "trident/Dialect/GPUIR/Transforms/SharedMemoryAllocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

#include "llvm/ADT/MapVector.h"

#include <map>

using namespace mlir;

namespace trident::gir_to_llvm {

FailureOr<LayoutMap> LayoutMap::get(RankedTensorType type,
                                    unsigned threadsPerWarp, unsigned numWarps,
                                    std::string &why) {
  LayoutMap map;
  map.layout = gir::getDistributedEncoding(type);
  if (!map.layout) {
    why = "the tile has no distributed layout (run convert-tir-to-gir first)";
    return failure();
  }
  for (int64_t d : type.getShape())
    if (d <= 0 || !llvm::isPowerOf2_64(d)) {
      why = "tile dimensions must be powers of two";
      return failure();
    }
  map.shape.assign(type.getShape().begin(), type.getShape().end());
  map.split = gir::getCTASplit(type);
  map.blockShape = gir::getCTABlockShape(type);
  map.numRegs = map.layout.getElemsPerThread(map.shape);
  if (!llvm::isPowerOf2_64(map.numRegs)) {
    why = "the layout gives a thread a number of elements that is not a "
          "power of two";
    return failure();
  }
  for (unsigned bit = 1; bit < threadsPerWarp; bit <<= 1)
    map.laneBases.push_back(map.layout.getElementCoords(map.shape, 0, bit, 0));
  for (unsigned bit = 1; bit < numWarps; bit <<= 1)
    map.warpBases.push_back(map.layout.getElementCoords(map.shape, 0, 0, bit));
  return map;
}

SmallVector<int64_t> LayoutMap::registerCoords(int64_t r) const {
  return layout.getElementCoords(shape, r, 0, 0);
}

SmallVector<int64_t> LayoutMap::laneCoords(int64_t lane) const {
  SmallVector<int64_t> c(rank(), 0);
  for (auto [i, basis] : llvm::enumerate(laneBases))
    if ((lane >> i) & 1)
      for (unsigned d = 0; d < rank(); ++d)
        c[d] ^= basis[d];
  return c;
}

SmallVector<Value> LayoutMap::threadCoords(OpBuilder &b, Location loc,
                                           Value lane, Value warp) const {
  SmallVector<Value> coords;
  Value zero = i32Const(b, loc, 0);
  for (unsigned d = 0; d < rank(); ++d) {
    Value c = zero;
    auto addBits = [&](Value id, ArrayRef<SmallVector<int64_t>> bases) {
      for (auto [i, basis] : llvm::enumerate(bases)) {
        if (basis[d] == 0)
          continue;
        // ((id >> i) & 1) * basis[d], XORed in.
        Value bit = arith::AndIOp::create(
            b, loc,
            arith::ShRUIOp::create(b, loc, id, i32Const(b, loc, i)),
            i32Const(b, loc, 1));
        Value term =
            arith::MulIOp::create(b, loc, bit, i32Const(b, loc, basis[d]));
        c = arith::XOrIOp::create(b, loc, c, term);
      }
    };
    addBits(lane, laneBases);
    addBits(warp, warpBases);
    coords.push_back(c);
  }
  return coords;
}

SmallVector<std::pair<unsigned, int64_t>>
LayoutMap::threadBitSteps(unsigned dim, bool lanes) const {
  SmallVector<std::pair<unsigned, int64_t>> out;
  for (auto [i, basis] : llvm::enumerate(lanes ? laneBases : warpBases))
    if (basis[dim] != 0)
      out.push_back({unsigned(i), basis[dim]});
  return out;
}

Value LayoutMap::ctaRowOffset(OpBuilder &b, Location loc,
                              Value ctaRank) const {
  if (split == 1 || shape.empty())
    return i32Const(b, loc, 0);
  Value block = arith::RemUIOp::create(b, loc, ctaRank, i32Const(b, loc, split));
  return arith::MulIOp::create(b, loc, block,
                               i32Const(b, loc, shape[0] / split));
}

Value LayoutMap::isFirstReplica(OpBuilder &b, Location loc, Value lane,
                                Value warp, Value ctaRank) const {
  auto zeroMask = [&](ArrayRef<SmallVector<int64_t>> bases) {
    int64_t mask = 0;
    for (auto [i, basis] : llvm::enumerate(bases))
      if (llvm::all_of(basis, [](int64_t c) { return c == 0; }))
        mask |= int64_t(1) << i;
    return mask;
  };
  Value ok = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (auto [id, mask] : {std::make_pair(lane, zeroMask(laneBases)),
                          std::make_pair(warp, zeroMask(warpBases))}) {
    if (mask == 0)
      continue;
    Value bits = arith::AndIOp::create(b, loc, id, i32Const(b, loc, mask));
    ok = arith::AndIOp::create(
        b, loc, ok,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bits,
                              i32Const(b, loc, 0)));
  }
  // The CTAs of a cluster past the first ctaSplit() repeat their blocks.
  if (ctaRank)
    ok = arith::AndIOp::create(
        b, loc, ok,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, ctaRank,
                              i32Const(b, loc, split)));
  return ok;
}

std::optional<SmallVector<int64_t>>
LayoutMap::registersFrom(const LayoutMap &src) const {
  if (src.blockShape != blockShape || src.split != split ||
      src.laneBases != laneBases || src.warpBases != warpBases)
    return std::nullopt;
  // The same thread part: thread t holds registerCoords(r) XOR its part in
  // both maps, so matching the registers of lane 0 of warp 0 matches all.
  std::map<SmallVector<int64_t>, int64_t> held;
  for (int64_t r = 0; r < src.numRegisters(); ++r)
    held.emplace(src.registerCoords(r), r);
  SmallVector<int64_t> regs;
  for (int64_t r = 0; r < numRegisters(); ++r) {
    auto it = held.find(registerCoords(r));
    if (it == held.end())
      return std::nullopt;
    regs.push_back(it->second);
  }
  return regs;
}

std::optional<SmallVector<int64_t>>
LayoutMap::registersFromBlock(const LayoutMap &src,
                              ArrayRef<int64_t> offsets) const {
  // A thread's coordinates are its part XOR the register's. The same
  // thread part in both maps, moving coordinates below this map's extents
  // only, and offsets that are multiples of those extents: then adding an
  // offset to the register part adds it to every thread's coordinates.
  if (src.split != 1 || split != 1 || laneBases != src.laneBases ||
      warpBases != src.warpBases || offsets.size() != blockShape.size())
    return std::nullopt;
  for (auto bases : {&laneBases, &warpBases})
    for (const SmallVector<int64_t> &basis : *bases)
      for (unsigned d = 0; d < basis.size(); ++d)
        if (basis[d] >= blockShape[d])
          return std::nullopt;
  for (unsigned d = 0; d < offsets.size(); ++d)
    if (offsets[d] % blockShape[d] != 0)
      return std::nullopt;
  std::map<SmallVector<int64_t>, int64_t> held;
  for (int64_t r = 0; r < src.numRegisters(); ++r)
    held.emplace(src.registerCoords(r), r);
  SmallVector<int64_t> regs;
  for (int64_t r = 0; r < numRegisters(); ++r) {
    SmallVector<int64_t> c = registerCoords(r);
    for (unsigned d = 0; d < c.size(); ++d)
      c[d] += offsets[d];
    auto it = held.find(c);
    if (it == held.end())
      return std::nullopt;
    regs.push_back(it->second);
  }
  return regs;
}

bool LayoutMap::registersRunAlong(unsigned dim, int64_t v) const {
  int64_t regs = numRegisters();
  if (regs % v != 0)
    return false;
  // The thread's part of the coordinates is XORed in: it must leave the low
  // bits of `dim` alone.
  for (bool lanes : {true, false})
    for (auto [bit, step] : threadBitSteps(dim, lanes))
      if (step % v != 0)
        return false;
  for (int64_t r0 = 0; r0 < regs; r0 += v) {
    SmallVector<int64_t> base = registerCoords(r0);
    if (base[dim] % v != 0)
      return false;
    for (int64_t i = 1; i < v; ++i) {
      SmallVector<int64_t> expected = base;
      expected[dim] += i;
      if (registerCoords(r0 + i) != expected)
        return false;
    }
  }
  return true;
}

void LayoutMap::threadBitsAlong(unsigned dim, SmallVectorImpl<int64_t> &laneBits,
                                SmallVectorImpl<int64_t> &warpBits,
                                bool &mixed) const {
  mixed = false;
  auto scan = [&](ArrayRef<SmallVector<int64_t>> bases,
                  SmallVectorImpl<int64_t> &out) {
    for (auto [i, basis] : llvm::enumerate(bases)) {
      if (basis[dim] == 0)
        continue;
      for (unsigned d = 0; d < rank(); ++d)
        if (d != dim && basis[d] != 0)
          mixed = true;
      out.push_back(int64_t(1) << i);
    }
  };
  scan(laneBases, laneBits);
  scan(warpBases, warpBits);
}

FailureOr<LayoutMap> mapOf(Type type, LoweringContext &ctx, Operation *op) {
  std::string why;
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    op->emitOpError("expected a tile");
    return failure();
  }
  FailureOr<LayoutMap> map =
      LayoutMap::get(tensor, ctx.threadsPerWarp, gir::getNumWarps(op), why);
  if (failed(map))
    op->emitOpError() << "cannot distribute " << type << ": " << why;
  return map;
}

Value i32Const(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, v, 32);
}

Value groupThreadId(OpBuilder &b, Location loc) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Block *block = b.getInsertionBlock();
  gir::WarpGroup group = gir::getWarpGroup(block);
  if (group.firstWarp == 0)
    return tid;
  unsigned lanes = gir::getThreadsPerWarp(
      block->getParentOp()->getParentOfType<ModuleOp>());
  return arith::SubIOp::create(b, loc, tid,
                               i32Const(b, loc, group.firstWarp * lanes));
}

Value LoweringContext::threadId(OpBuilder &b, Location loc) {
  return groupThreadId(b, loc);
}

std::pair<Value, Value> LoweringContext::laneAndWarp(OpBuilder &b,
                                                     Location loc) {
  Value tid = threadId(b, loc);
  Value lane = arith::AndIOp::create(b, loc, tid,
                                     i32Const(b, loc, threadsPerWarp - 1));
  Value warp = arith::DivUIOp::create(b, loc, tid,
                                      i32Const(b, loc, threadsPerWarp));
  return {lane, warp};
}

Value LoweringContext::ctaRank(OpBuilder &b, Location loc) {
  if (numCTAs <= 1)
    return i32Const(b, loc, 0);
  return NVVM::ClusterId::create(b, loc, b.getI32Type());
}

Value LoweringContext::andFirstCTA(OpBuilder &b, Location loc, Value cond) {
  if (numCTAs <= 1)
    return cond;
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      ctaRank(b, loc), i32Const(b, loc, 0));
  return arith::AndIOp::create(b, loc, cond, first);
}

Value LoweringContext::dynamicSmem(OpBuilder &b, Location loc) {
  if (!module.lookupSymbol(kDynamicSmemName)) {
    // extern __shared__ __align__(1024) char __trident_dynamic_smem[];
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc,
                           LLVM::LLVMArrayType::get(b.getI8Type(), 0),
                           /*isConstant=*/false, LLVM::Linkage::External,
                           kDynamicSmemName, Attribute(), /*alignment=*/1024,
                           /*addrSpace=*/3);
  }
  return LLVM::AddressOfOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 3), kDynamicSmemName);
}

/// Byte `offset` of `base`; a placeholder (`scratchUser` >= 0) marks a
/// scratch offset for finalizeSharedMemory to move where its user is
/// placed.
static Value byteOffset(OpBuilder &b, Location loc, Value base, int64_t offset,
                        int64_t scratchUser = -1) {
  auto c = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                    b.getI32IntegerAttr(offset));
  if (scratchUser >= 0) {
    c->setAttr(LoweringContext::kScratchOffsetAttr,
               b.getI64IntegerAttr(offset));
    c->setAttr(LoweringContext::kScratchUserAttr,
               b.getI64IntegerAttr(scratchUser));
  }
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{c.getResult()});
}

void LoweringContext::loadSharedMemoryPlan() {
  gir::SharedMemoryPlan plan = gir::planSharedMemory(module);
  position = std::move(plan.position);
  for (const gir::PlacedBuffer &b : plan.buffers) {
    persistent.push_back(b);
    bufferOffsets[b.op] = b.offset;
    sharedUses.push_back({b.op->getLoc(),
                          "'" + b.op->getName().getStringRef().str() + "'",
                          b.bytes, /*persistent=*/true});
  }
  // Planned scratch: its op's bytes; unplanned scratch is placed clear of
  // it (over its position, or the warp_specialize it runs in).
  for (const gir::PlacedBuffer &b : plan.scratch) {
    persistent.push_back(b);
    scratchPlans[b.op] = {b.offset, b.bytes};
    sharedUses.push_back({b.op->getLoc(),
                          "'" + b.op->getName().getStringRef().str() + "'",
                          b.bytes, /*persistent=*/false});
  }
  persistentBytes = plan.end;
}

int64_t scratchTotal(ArrayRef<ScratchRequest> requests) {
  int64_t end = 0;
  for (const ScratchRequest &r : requests)
    end = llvm::alignTo(end, r.align) + r.bytes;
  return end;
}

FailureOr<LayoutMap> quietMapOf(Type type, Operation *op) {
  auto tile = dyn_cast<RankedTensorType>(type);
  if (!tile)
    return failure();
  std::string why;
  return LayoutMap::get(
      tile, gir::getThreadsPerWarp(op->getParentOfType<ModuleOp>()),
      gir::getNumWarps(op), why);
}

Value LoweringContext::scratchBuffer(OpBuilder &b, Operation *user,
                                     int64_t bytes, int64_t align) {
  Location loc = user->getLoc();
  auto planned = scratchPlans.find(user);
  if (planned != scratchPlans.end()) {
    // Planned by gir-allocate-shared-memory: the op's bytes at its offset.
    auto [base, size] = planned->second;
    if (user != scratchUser) {
      barrier(b, loc);
      scratchUser = user;
      scratchEnd = 0;
    }
    int64_t offset = llvm::alignTo(scratchEnd, align);
    scratchEnd = offset + bytes;
    if (scratchEnd > size) {
      user->emitOpError("asks its lowering for ")
          << scratchEnd << " bytes of scratch, more than the " << size
          << " it declared (SharedMemoryScratchOpInterface)";
      scratchOverflow = true;
    }
    return persistentBuffer(b, loc, base + offset);
  }
  if (user != scratchUser) {
    // A new user: once every warp is done with the previous user's
    // buffers, which may lie where this one's do.
    barrier(b, loc);
    scratchUser = user;
    scratchEnd = 0;
    sharedUses.push_back(
        {loc, "'" + user->getName().getStringRef().str() + "'", 0});
    scratchUse = sharedUses.size() - 1;
    auto it = position.find(user);
    scratchUses.push_back({it == position.end() ? -1 : it->second, scratchUse});
    // Regions of a warp_specialize run at the same time: their scratch is
    // placed apart (placeConcurrentScratch).
    if (auto [ws, region] = gir::warpRegion(user); ws) {
      ScratchUse &use = scratchUses.back();
      use.region = region;
      use.wsBegin = position.lookup(ws);
      use.wsEnd = use.wsBegin;
      ws->walk([&](Operation *inner) {
        use.wsEnd = std::max(use.wsEnd, position.lookup(inner));
      });
    }
  }
  int64_t offset = llvm::alignTo(scratchEnd, align);
  scratchEnd = offset + bytes;
  sharedUses[scratchUse].bytes = scratchEnd;
  return byteOffset(b, loc, dynamicSmem(b, loc), offset,
                    int64_t(scratchUses.size()) - 1);
}

int64_t LoweringContext::allocatePersistent(int64_t bytes, int64_t align,
                                            Operation *user) {
  assert(llvm::isPowerOf2_64(align) && align <= 1024 &&
         "alignment must be a power of two up to 1024");
  int64_t offset = llvm::alignTo(persistentBytes, align);
  persistentBytes = offset + bytes;
  persistent.push_back({user, offset, bytes, std::numeric_limits<int64_t>::min(),
                        std::numeric_limits<int64_t>::max()});
  if (user)
    sharedUses.push_back({user->getLoc(),
                          "'" + user->getName().getStringRef().str() + "'",
                          bytes, /*persistent=*/true});
  else
    sharedUses.push_back(
        {module.getLoc(), "a persistent buffer", bytes, /*persistent=*/true});
  return offset;
}

FailureOr<Value> LoweringContext::bufferPointer(OpBuilder &b, Operation *op) {
  int64_t offset = bufferOffset(op);
  if (offset < 0)
    return op->emitOpError("has no place in shared memory");
  return persistentBuffer(b, op->getLoc(), offset);
}

Value LoweringContext::persistentBuffer(OpBuilder &b, Location loc,
                                        int64_t offset) {
  return byteOffset(b, loc, dynamicSmem(b, loc), offset);
}

int64_t LoweringContext::firstFit(int64_t bytes, int64_t from,
                                  int64_t to) const {
  return gir::firstFit(persistent, bytes, 128, from, to);
}

void LoweringContext::placeConcurrentScratch(ArrayRef<size_t> users,
                                             MutableArrayRef<int64_t> base) {
  // One area per region (the most its users need: a region's users follow
  // each other, barriered), side by side, where no buffer live at any
  // point of the op lies.
  std::map<int, int64_t> need;
  for (size_t i : users)
    need[scratchUses[i].region] =
        std::max<int64_t>(
            need[scratchUses[i].region],
            llvm::alignTo(sharedUses[scratchUses[i].use].bytes, 128));
  std::map<int, int64_t> start;
  int64_t bytes = 0;
  for (auto [region, n] : need) {
    start[region] = bytes;
    bytes += n;
  }
  const ScratchUse &any = scratchUses[users.front()];
  int64_t at = firstFit(bytes, any.wsBegin, any.wsEnd);
  for (size_t i : users)
    base[i] = at + start[scratchUses[i].region];
  totalBytes = std::max(totalBytes, at + bytes);
}

void LoweringContext::finalizeSharedMemory() {
  // First fit: the lowest offset (aligned to 128) where a user's bytes
  // overlap no persistent buffer live at its position (all of them if the
  // position is unknown).
  SmallVector<int64_t> base(scratchUses.size());
  totalBytes = persistentBytes;
  llvm::MapVector<int64_t, SmallVector<size_t>> concurrent;
  for (auto [i, use] : llvm::enumerate(scratchUses)) {
    if (use.region >= 0) {
      concurrent[use.wsBegin].push_back(i);
      continue;
    }
    int64_t bytes = sharedUses[use.use].bytes;
    int64_t at = use.at < 0 ? firstFit(bytes, std::numeric_limits<int64_t>::min(),
                                       std::numeric_limits<int64_t>::max())
                            : firstFit(bytes, use.at, use.at);
    base[i] = at;
    totalBytes = std::max(totalBytes, at + bytes);
  }
  for (auto &[ws, users] : concurrent)
    placeConcurrentScratch(users, base);
  module.walk([&](LLVM::ConstantOp c) {
    auto offset = c->getAttrOfType<IntegerAttr>(kScratchOffsetAttr);
    auto user = c->getAttrOfType<IntegerAttr>(kScratchUserAttr);
    if (!offset || !user)
      return;
    c->removeAttr(kScratchOffsetAttr);
    c->removeAttr(kScratchUserAttr);
    c.setValueAttr(IntegerAttr::get(
        c.getType(), base[user.getInt()] + offset.getInt()));
  });
}

Value rowMajorIndex(OpBuilder &b, Location loc, ArrayRef<Value> thread,
                    ArrayRef<int64_t> coords, ArrayRef<int64_t> shape) {
  Value idx = i32Const(b, loc, 0);
  for (unsigned d = 0; d < coords.size(); ++d) {
    Value c = arith::XOrIOp::create(b, loc, thread[d], i32Const(b, loc, coords[d]));
    idx = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, idx, i32Const(b, loc, shape[d])),
        c);
  }
  return idx;
}

SmallVector<Value> applyCombine(OpBuilder &b, Region &combine,
                                ArrayRef<Value> acc, ArrayRef<Value> x) {
  Block &body = combine.front();
  IRMapping map;
  for (unsigned i = 0; i < acc.size(); ++i) {
    map.map(body.getArgument(i), acc[i]);
    map.map(body.getArgument(acc.size() + i), x[i]);
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, map);
  SmallVector<Value> out;
  for (Value v : body.getTerminator()->getOperands())
    out.push_back(map.lookupOrDefault(v));
  return out;
}

int64_t sharedBytes(Type type) {
  unsigned bits = type.getIntOrFloatBitWidth();
  return std::max<unsigned>(1, bits / 8);
}

void storeShared(OpBuilder &b, Location loc, Value base, Value index,
                 Value value) {
  Type type = value.getType();
  if (type.isInteger(1)) {
    value = arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
    type = b.getI8Type();
  } else if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 8) {
    // LLVM has no fp8 types: their bytes.
    value = arith::BitcastOp::create(b, loc, b.getI8Type(), value);
    type = b.getI8Type();
  }
  Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), type, base,
                                  ValueRange{index});
  LLVM::StoreOp::create(b, loc, value, ptr);
}

Value loadShared(OpBuilder &b, Location loc, Value base, Value index,
                 Type type) {
  bool fp8 = isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 8;
  Type stored = type.isInteger(1) || fp8 ? b.getI8Type() : type;
  Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), stored, base,
                                  ValueRange{index});
  Value v = LLVM::LoadOp::create(b, loc, stored, ptr);
  if (type.isInteger(1))
    v = arith::TruncIOp::create(b, loc, type, v);
  else if (fp8)
    v = arith::BitcastOp::create(b, loc, type, v);
  return v;
}

void barrier(OpBuilder &b, Location loc) {
  Block *block = b.getInsertionBlock();
  Operation *parent = block ? block->getParentOp() : nullptr;
  auto module = parent ? parent->getParentOfType<ModuleOp>() : ModuleOp();
  if (!module || !module->hasAttr(LoweringContext::kWarpSpecializedAttr)) {
    NVVM::Barrier0Op::create(b, loc);
    return;
  }
  gir::WarpGroup group = gir::getWarpGroup(block);
  int64_t id = group.partition < 0 ? 0 : 2 + group.partition;
  int64_t threads = int64_t(group.numWarps) * gir::getThreadsPerWarp(module);
  NVVM::BarrierOp::create(b, loc, Type(), i32Const(b, loc, id),
                          i32Const(b, loc, threads), {}, Value());
}

void fenceAsyncShared(OpBuilder &b, Location loc) {
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
}

static Value shuffle(OpBuilder &b, Location loc, Value value, int64_t offset,
                     NVVM::ShflKind kind, int64_t clamp);

Value shuffleXor(OpBuilder &b, Location loc, Value value, int64_t laneMask) {
  return shuffle(b, loc, value, laneMask, NVVM::ShflKind::bfly, 0x1f);
}

Value shuffleShift(OpBuilder &b, Location loc, Value value, int64_t delta,
                   bool up) {
  // shfl.sync.up clamps at lane 0 (c = 0), .down at lane 31 (c = 0x1f).
  return up ? shuffle(b, loc, value, delta, NVVM::ShflKind::up, 0)
            : shuffle(b, loc, value, delta, NVVM::ShflKind::down, 0x1f);
}

static Value shuffle(OpBuilder &b, Location loc, Value value, int64_t offset,
                     NVVM::ShflKind kind, int64_t clamp) {
  Type type = value.getType();
  Type i32 = b.getI32Type();
  Value v = value;
  if (type.getIntOrFloatBitWidth() == 64) {
    // Two 32-bit shuffles, one per half.
    Type i64 = b.getI64Type();
    Value bits = type == i64 ? v : arith::BitcastOp::create(b, loc, i64, v);
    Value c32 = arith::ConstantIntOp::create(b, loc, 32, 64);
    Value lo = arith::TruncIOp::create(b, loc, i32, bits);
    Value hi = arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, bits, c32));
    lo = shuffle(b, loc, lo, offset, kind, clamp);
    hi = shuffle(b, loc, hi, offset, kind, clamp);
    Value r = arith::OrIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, lo),
        arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, hi),
                              c32));
    return type == i64 ? r : arith::BitcastOp::create(b, loc, type, r);
  }
  // shfl.sync moves 32-bit values: widen narrower ones and narrow back.
  if (type.isF32() || type.isInteger(32)) {
  } else if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() < 32) {
    Type asInt = b.getIntegerType(type.getIntOrFloatBitWidth());
    v = arith::ExtUIOp::create(b, loc, i32,
                               arith::BitcastOp::create(b, loc, asInt, v));
  } else {
    v = arith::ExtUIOp::create(b, loc, i32, v);
  }
  Value shuffled = NVVM::ShflOp::create(
      b, loc, v.getType(), i32Const(b, loc, -1), v, i32Const(b, loc, offset),
      i32Const(b, loc, clamp), kind, UnitAttr());
  if (shuffled.getType() == type)
    return shuffled;
  if (isa<FloatType>(type)) {
    Type asInt = b.getIntegerType(type.getIntOrFloatBitWidth());
    return arith::BitcastOp::create(
        b, loc, type, arith::TruncIOp::create(b, loc, asInt, shuffled));
  }
  return arith::TruncIOp::create(b, loc, type, shuffled);
}

} // namespace trident::gir_to_llvm
