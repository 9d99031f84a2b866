//===- SharedStaging.cpp - Placing a staged tile to spare the banks -------===//
#include "SharedStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace trident::gir_to_llvm {
namespace {

/// Shared memory's banks: 32 of 4 bytes. A warp's access of b bytes per
/// lane is served in phases of 128 bytes' worth of lanes (8 lanes for 16-byte
/// accesses, 16 for 8-byte ones, all 32 otherwise); each phase takes as many
/// wavefronts as the most distinct words it asks of one bank.
constexpr int64_t kBanks = 32, kWordBytes = 4;
/// Accesses sampled per side when a thread has very many (the pattern
/// repeats; this keeps the plan's cost independent of the tile's size).
constexpr size_t kMaxSampledAccesses = 256;

/// The largest vector (a power of two of at most 16 bytes) that the
/// registers of `map` form along `dim`.
int64_t vectorAlong(const LayoutMap &map, unsigned dim, int64_t elemBytes) {
  int64_t best = 1;
  for (int64_t v = 2; v * elemBytes <= 16 && v <= map.getShape()[dim]; v *= 2) {
    if (!map.registersRunAlong(dim, v))
      break;
    best = v;
  }
  return best;
}

/// Register bit `i`'s coordinates.
SmallVector<int64_t> registerBasis(const LayoutMap &map, int64_t i) {
  return map.registerCoords(int64_t(1) << i);
}

/// Whether `c` is `step` along `dim` and 0 along the others.
bool isStep(ArrayRef<int64_t> c, unsigned dim, int64_t step) {
  for (unsigned d = 0; d < c.size(); ++d)
    if (c[d] != (d == dim ? step : 0))
      return false;
  return true;
}

} // namespace

SmallVector<int64_t> matrixLaneCoords(const LayoutMap &map,
                                      const MatrixFragment &frag,
                                      bool transposed, int64_t lane) {
  SmallVector<int64_t> c(map.rank(), 0);
  c[transposed ? frag.cols : frag.rows] = lane % 8;
  for (int64_t bit = 0; bit < 2; ++bit)
    if ((lane >> (3 + bit)) & 1 && (int64_t(2) << bit) < map.numRegisters()) {
      SmallVector<int64_t> r = registerBasis(map, 1 + bit);
      for (unsigned d = 0; d < c.size(); ++d)
        c[d] ^= r[d];
    }
  return c;
}

std::optional<MatrixFragment> matrixFragment(const LayoutMap &map,
                                             int64_t elemBytes) {
  if (elemBytes != 2 || map.rank() < 2 || map.numLanes() != 32 ||
      map.numRegisters() < 2)
    return std::nullopt;
  MatrixFragment frag;
  SmallVector<int64_t> r0 = registerBasis(map, 0);
  SmallVector<int64_t> l4 = map.laneCoords(4);
  auto dimOf = [&](ArrayRef<int64_t> c) -> std::optional<unsigned> {
    for (unsigned d = 0; d < c.size(); ++d)
      if (c[d] != 0)
        return d;
    return std::nullopt;
  };
  std::optional<unsigned> cols = dimOf(r0), rows = dimOf(l4);
  if (!cols || !rows || *cols == *rows)
    return std::nullopt;
  frag.cols = *cols;
  frag.rows = *rows;
  if (!isStep(r0, frag.cols, 1) || !isStep(map.laneCoords(1), frag.cols, 2) ||
      !isStep(map.laneCoords(2), frag.cols, 4) ||
      !isStep(l4, frag.rows, 1) || !isStep(map.laneCoords(8), frag.rows, 2) ||
      !isStep(map.laneCoords(16), frag.rows, 4))
    return std::nullopt;
  // Every other bit keeps the 8x8 blocks whole.
  for (int64_t i = 1; (int64_t(1) << i) < map.numRegisters(); ++i) {
    SmallVector<int64_t> c = registerBasis(map, i);
    if (c[frag.rows] % 8 != 0 || c[frag.cols] % 8 != 0)
      return std::nullopt;
  }
  for (unsigned dim : {frag.rows, frag.cols})
    for (auto [bit, step] : map.threadBitSteps(dim, /*lanes=*/false))
      if (step % 8 != 0)
        return std::nullopt;
  return frag;
}

namespace {

/// One side of the move, for a given fast dimension: the elements per
/// access and, at compile time, the coordinates of each access's first
/// element in lane 0 and the part each lane adds.
struct Side {
  int64_t vector = 1;
  /// Instructions one warp issues.
  int64_t instructions = 0;
  /// Each sampled access stands for `step` of them.
  int64_t step = 1;
  SmallVector<SmallVector<int64_t>> accesses, lanes;

  /// Vectors of the registers of `map` along `fast`.
  Side(const LayoutMap &map, unsigned fast, int64_t elemBytes)
      : vector(vectorAlong(map, fast, elemBytes)) {
    int64_t count = map.numRegisters() / vector;
    sample(map, count, vector);
    for (int64_t l = 0; l < map.numLanes(); ++l)
      lanes.push_back(map.laneCoords(l));
  }

  /// stmatrix of `matrices` blocks: each lane's access is a 16-byte row of
  /// a block (a column if `transposed`).
  Side(const LayoutMap &map, const MatrixFragment &frag, int64_t matrices,
       bool transposed)
      : vector(8) {
    sample(map, map.numRegisters() / (2 * matrices), 2 * matrices);
    for (int64_t l = 0; l < 8 * matrices; ++l)
      lanes.push_back(matrixLaneCoords(map, frag, transposed, l));
  }

  void sample(const LayoutMap &map, int64_t count, int64_t regsPerAccess) {
    instructions = count;
    step = std::max<int64_t>(1, count / int64_t(kMaxSampledAccesses));
    for (int64_t a = 0; a < count; a += step)
      accesses.push_back(map.registerCoords(a * regsPerAccess));
  }

  int64_t wavefronts(const StagingPlan &plan, int64_t elemBytes) const {
    int64_t bytes = vector * elemBytes;
    int64_t perPhase =
        std::max<int64_t>(1, kBanks * kWordBytes / std::max(bytes, kWordBytes));
    perPhase = std::min<int64_t>(perPhase, lanes.size());
    int64_t total = 0;
    SmallVector<int64_t> coords;
    SmallVector<std::pair<int64_t, int64_t>> words; // (bank, word)
    for (const SmallVector<int64_t> &access : accesses) {
      for (size_t first = 0; first < lanes.size(); first += perPhase) {
        words.clear();
        for (size_t l = first; l < first + perPhase && l < lanes.size(); ++l) {
          coords.assign(access.begin(), access.end());
          for (unsigned d = 0; d < coords.size(); ++d)
            coords[d] ^= lanes[l][d];
          int64_t begin = plan.offsetOf(coords) * elemBytes;
          for (int64_t w = begin / kWordBytes;
               w <= (begin + bytes - 1) / kWordBytes; ++w)
            words.push_back({w % kBanks, w});
        }
        llvm::sort(words);
        words.erase(std::unique(words.begin(), words.end()), words.end());
        int64_t worst = 0, run = 0;
        for (size_t i = 0; i < words.size(); ++i) {
          run = (i > 0 && words[i].first == words[i - 1].first) ? run + 1 : 1;
          worst = std::max(worst, run);
        }
        total += worst;
      }
    }
    return total * step;
  }
};

/// The buffer order with `fast` innermost and the other dimensions in
/// their own order outside it.
void setOrder(StagingPlan &plan, ArrayRef<int64_t> shape, unsigned fast) {
  plan.order.clear();
  for (unsigned d = 0; d < shape.size(); ++d)
    if (d != fast)
      plan.order.push_back(d);
  plan.order.push_back(fast);
  plan.strides.assign(shape.size(), 0);
  int64_t stride = 1;
  for (unsigned d : llvm::reverse(plan.order)) {
    plan.strides[d] = stride;
    stride *= shape[d];
  }
}

} // namespace

int64_t StagingPlan::offsetOf(ArrayRef<int64_t> coords) const {
  int64_t idx = 0;
  for (unsigned d = 0; d < coords.size(); ++d)
    idx += coords[d] * strides[d];
  if (pad)
    idx += (idx / segment) * pad;
  return idx;
}

Value StagingPlan::offsetOf(OpBuilder &b, Location loc,
                            ArrayRef<Value> coords) const {
  Value idx;
  for (unsigned d : order) {
    Value term = strides[d] == 1
                     ? coords[d]
                     : arith::MulIOp::create(b, loc, coords[d],
                                             i32Const(b, loc, strides[d]));
    idx = idx ? arith::AddIOp::create(b, loc, idx, term) : term;
  }
  if (pad) {
    Value seg = arith::ShRUIOp::create(
        b, loc, idx, i32Const(b, loc, llvm::Log2_64(segment)));
    idx = arith::AddIOp::create(
        b, loc, idx, arith::MulIOp::create(b, loc, seg, i32Const(b, loc, pad)));
  }
  return idx;
}

bool hasStMatrix(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  auto cc = module ? module->getAttrOfType<IntegerAttr>(
                         gir::GPUIRDialect::getComputeCapabilityAttrName())
                   : IntegerAttr();
  return !cc || cc.getInt() >= 90;
}

StagingPlan planStaging(const LayoutMap &src, const LayoutMap &dst,
                        int64_t elemBytes, bool stmatrix) {
  ArrayRef<int64_t> shape = src.getShape();
  unsigned rank = shape.size();
  int64_t total = 1;
  for (int64_t d : shape)
    total *= d;
  // Fast-dimension candidates: the last one, then each side's best.
  SmallVector<unsigned> fastDims{rank - 1};
  for (const LayoutMap *map : {&src, &dst}) {
    unsigned best = rank - 1;
    for (unsigned d = 0; d < rank; ++d)
      if (vectorAlong(*map, d, elemBytes) > vectorAlong(*map, best, elemBytes))
        best = d;
    if (!llvm::is_contained(fastDims, best))
      fastDims.push_back(best);
  }
  std::optional<MatrixFragment> frag =
      stmatrix ? matrixFragment(src, elemBytes) : std::nullopt;
  StagingPlan best;
  bool have = false;
  for (unsigned fast : fastDims) {
    // The source's vectors, and stmatrix where its blocks' rows (or
    // columns) run along `fast`.
    SmallVector<std::pair<int64_t, bool>> writes{{0, false}};
    if (frag && (fast == frag->cols || fast == frag->rows))
      writes.push_back({std::min<int64_t>(4, src.numRegisters() / 2),
                        fast == frag->rows});
    Side read(dst, fast, elemBytes);
    for (auto [matrices, transposed] : writes) {
      StagingPlan plan;
      setOrder(plan, shape, fast);
      Side write = matrices ? Side(src, *frag, matrices, transposed)
                            : Side(src, fast, elemBytes);
      plan.matrices = matrices;
      plan.transposed = transposed;
      plan.srcVector = matrices ? 2 : write.vector;
      plan.dstVector = read.vector;
      int64_t vmax = std::max(write.vector, read.vector);
      // (segment, pad) pairs: none, then pads of vmax * 2^k elements (at
      // most 128 bytes, at most 1/8 of the segment) after segments of 2^j
      // elements.
      SmallVector<std::pair<int64_t, int64_t>> layouts{{total, 0}};
      for (int64_t seg = vmax; seg < total && seg <= 4096; seg *= 2)
        for (int64_t pad = vmax; pad * elemBytes <= 128 && pad * 8 <= seg;
             pad *= 2)
          layouts.push_back({seg, pad});
      for (auto [seg, pad] : layouts) {
        plan.segment = seg;
        plan.pad = pad;
        plan.elements = total + (total / seg) * pad;
        plan.wavefronts = write.wavefronts(plan, elemBytes) +
                          read.wavefronts(plan, elemBytes);
        plan.cost = plan.wavefronts + write.instructions + read.instructions;
        if (!have || plan.cost < best.cost ||
            (plan.cost == best.cost && plan.elements < best.elements)) {
          best = plan;
          have = true;
        }
      }
    }
  }
  return best;
}

static bool storedAsByte(Type type) {
  return type.isInteger(1) ||
         (isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 8);
}

void storeSharedVector(OpBuilder &b, Location loc, Value base, Value index,
                       ArrayRef<Value> values) {
  if (values.size() == 1)
    return storeShared(b, loc, base, index, values[0]);
  Type type = values[0].getType();
  SmallVector<Value> stored(values.begin(), values.end());
  if (storedAsByte(type)) {
    Type i8 = b.getI8Type();
    for (Value &v : stored)
      v = type.isInteger(1) ? Value(arith::ExtUIOp::create(b, loc, i8, v))
                            : Value(arith::BitcastOp::create(b, loc, i8, v));
    type = i8;
  }
  auto vecType = VectorType::get({int64_t(values.size())}, type);
  Value vec = vector::FromElementsOp::create(b, loc, vecType, stored);
  Value ptr =
      LLVM::GEPOp::create(b, loc, base.getType(), type, base, ValueRange{index});
  LLVM::StoreOp::create(b, loc, vec, ptr,
                        values.size() * sharedBytes(values[0].getType()));
}

SmallVector<Value> loadSharedVector(OpBuilder &b, Location loc, Value base,
                                    Value index, Type type, int64_t n) {
  if (n == 1)
    return {loadShared(b, loc, base, index, type)};
  Type stored = storedAsByte(type) ? b.getI8Type() : type;
  auto vecType = VectorType::get({n}, stored);
  Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), stored, base,
                                  ValueRange{index});
  Value vec = LLVM::LoadOp::create(b, loc, vecType, ptr, n * sharedBytes(type));
  SmallVector<Value> out;
  for (int64_t i = 0; i < n; ++i) {
    Value v = vector::ExtractOp::create(b, loc, vec, i);
    if (type.isInteger(1))
      v = arith::TruncIOp::create(b, loc, type, v);
    else if (stored != type)
      v = arith::BitcastOp::create(b, loc, type, v);
    out.push_back(v);
  }
  return out;
}

} // namespace trident::gir_to_llvm
