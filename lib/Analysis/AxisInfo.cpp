//===- AxisInfo.cpp - Contiguity, divisibility and constancy --------------===//
//
// The transfer functions of the axis-info analysis (see AxisInfo.h for what
// the three numbers mean). Every rule reasons about aligned runs: all
// contiguities and constancies are powers of two, so a run of one value
// never straddles a run of another, and a sub-run of size b of a contiguous
// run starts at a value divisible by gcd(divisibility, b).
//
// Integer overflow of 32- and 64-bit values is ignored, and the dividend of
// a signed remainder is taken to be non-negative (as Triton does: offsets
// do not wrap and are not negative); narrower types are handled
// conservatively.
//
//===----------------------------------------------------------------------===//
#include "trident/Analysis/AxisInfo.h"

#include "trident/Dialect/GPUIR/IR/GPUIR.h"
#include "trident/Dialect/TileIR/IR/RegionArgHints.h"
#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

#include "trident/Analysis/AxisInfoInterface.cpp.inc"

using namespace mlir;
using namespace trident;

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

namespace {

constexpr int64_t kMax = AxisInfo::kMaxDivisibility;

/// The largest power of two dividing `v` (capped; 0 gives the cap).
int64_t pow2Divisor(int64_t v) {
  if (v == 0)
    return kMax;
  unsigned tz = llvm::countr_zero(static_cast<uint64_t>(v));
  return tz >= 30 ? kMax : int64_t(1) << tz;
}

/// The largest power of two that is at most `v` (1 for v < 1).
int64_t floorPow2(int64_t v) {
  if (v <= 1)
    return 1;
  return int64_t(1) << llvm::Log2_64(static_cast<uint64_t>(v));
}

int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

/// Length of the longest aligned power-of-two run that fits a dimension of
/// `size` elements.
int64_t dimRun(int64_t size) { return size > 0 ? pow2Divisor(size) : 1; }

} // namespace

AxisInfo::AxisInfo(unsigned rank, DimVector contiguity, DimVector divisibility,
                   DimVector constancy, std::optional<int64_t> constantValue,
                   bool nonNegative)
    : initialized(true), rank(rank), contiguity(std::move(contiguity)),
      divisibility(std::move(divisibility)), constancy(std::move(constancy)),
      constantValue(constantValue), nonNegative(nonNegative) {
  unsigned n = std::max(rank, 1u);
  assert(this->contiguity.size() == n && this->divisibility.size() == n &&
         this->constancy.size() == n && "one entry per dimension");
  (void)n;
  if (constantValue && *constantValue >= 0)
    this->nonNegative = true;
}

AxisInfo AxisInfo::getPessimistic(unsigned rank) {
  unsigned n = std::max(rank, 1u);
  return AxisInfo(rank, DimVector(n, 1), DimVector(n, 1), DimVector(n, 1));
}

int64_t AxisInfo::getDivisibilityOfAll() const {
  // Where runs have length 1 every element starts one, so that dimension's
  // divisibility holds for every element.
  int64_t best = 1;
  for (unsigned d = 0; d < divisibility.size(); ++d)
    if (contiguity[d] == 1)
      best = std::max(best, divisibility[d]);
  return best;
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.initialized)
    return rhs;
  if (!rhs.initialized)
    return lhs;
  if (lhs.rank != rhs.rank)
    return getPessimistic(lhs.rank);
  DimVector c, dv, k;
  for (unsigned d = 0; d < lhs.contiguity.size(); ++d) {
    c.push_back(gcd(lhs.contiguity[d], rhs.contiguity[d]));
    dv.push_back(gcd(lhs.divisibility[d], rhs.divisibility[d]));
    k.push_back(gcd(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> constant;
  if (lhs.constantValue == rhs.constantValue)
    constant = lhs.constantValue;
  return AxisInfo(lhs.rank, c, dv, k, constant,
                  lhs.nonNegative && rhs.nonNegative);
}

bool AxisInfo::operator==(const AxisInfo &other) const {
  return initialized == other.initialized && rank == other.rank &&
         contiguity == other.contiguity &&
         divisibility == other.divisibility && constancy == other.constancy &&
         constantValue == other.constantValue &&
         nonNegative == other.nonNegative;
}

void AxisInfo::print(llvm::raw_ostream &os) const {
  if (!initialized) {
    os << "<uninitialized>";
    return;
  }
  auto list = [&](StringRef name, const DimVector &v) {
    os << name << " = [";
    llvm::interleaveComma(v, os);
    os << "]";
  };
  list("contiguity", contiguity);
  os << ", ";
  list("divisibility", divisibility);
  os << ", ";
  list("constancy", constancy);
}

int64_t trident::getPointeeBytes(Type pointee) {
  if (!pointee.isIntOrFloat())
    return 0;
  return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {

using DimVector = AxisInfo::DimVector;

AxisInfo applyHints(DictionaryAttr attrs, Type type, const AxisInfo &info);

/// The lattice of a value. An argument of a loop's region with axis hints
/// (tir.region_arg_hints on the loop, RegionArgHints.h) is raised by them
/// after every join, as an op's hinted result is after its transfer: the
/// hint is the user's promise about every value the argument takes (the
/// initial one and every one carried around), so the induction of a
/// loop-carried pointer tile keeps the promised divisibility and
/// contiguity.
class AxisInfoLattice : public dataflow::Lattice<AxisInfo> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AxisInfoLattice)
  using Lattice::Lattice;

  ChangeResult join(const AbstractSparseLattice &rhs) override {
    return join(static_cast<const Lattice<AxisInfo> &>(rhs).getValue());
  }

  ChangeResult join(const AxisInfo &rhs) {
    AxisInfo next = AxisInfo::join(getValue(), rhs);
    if (next.isInitialized())
      if (auto arg = dyn_cast<BlockArgument>(getAnchor()))
        if (DictionaryAttr hints = tir::getRegionArgHints(arg))
          next = applyHints(hints, arg.getType(), next);
    if (next == getValue())
      return ChangeResult::NoChange;
    getValue() = next;
    return ChangeResult::Change;
  }
};

/// The shape the rules see: a tile's, or {1} for a scalar.
SmallVector<int64_t> shapeOf(Type type) {
  if (auto tile = dyn_cast<RankedTensorType>(type))
    if (tile.getRank() > 0)
      return SmallVector<int64_t>(tile.getShape());
  return {1};
}

unsigned rankOf(Type type) {
  if (auto tile = dyn_cast<RankedTensorType>(type))
    return tile.getRank();
  return 0;
}

/// Bytes between consecutive elements: the pointee size for pointers, 1 for
/// integers (in their own units).
int64_t stepOf(Type type) {
  if (auto ptr = dyn_cast<tir::PointerType>(getElementTypeOrSelf(type)))
    return std::max<int64_t>(1, getPointeeBytes(ptr.getPointeeType()));
  return 1;
}

/// Divisibility of the values of `x` at the positions along `d` that are
/// multiples of `blk` (a power of two). `step` is x's element step.
int64_t divAt(const AxisInfo &x, unsigned d, int64_t blk, int64_t step) {
  if (x.getContiguity(d) <= blk)
    return x.getDivisibility(d);
  return gcd(x.getDivisibility(d), std::min(kMax, blk * step));
}

int64_t bitWidthOf(Type type) {
  Type elem = getElementTypeOrSelf(type);
  if (elem.isIndex())
    return 64;
  if (elem.isIntOrFloat())
    return elem.getIntOrFloatBitWidth();
  return 64;
}

/// `v` wrapped to the integer width of `type` (sign-extended; i1 as 0/1).
int64_t wrapTo(int64_t v, Type type) {
  int64_t bits = bitWidthOf(type);
  if (bits >= 64)
    return v;
  if (bits == 1)
    return v & 1;
  return llvm::SignExtend64(static_cast<uint64_t>(v), bits);
}

/// Builds the result info of one value, clamping every entry to its valid
/// range: runs no longer than the dimension, divisibility in [1, cap].
struct InfoBuilder {
  InfoBuilder(Type type) : type(type), shape(shapeOf(type)), rank(rankOf(type)) {
    unsigned n = shape.size();
    c.assign(n, 1);
    dv.assign(n, 1);
    k.assign(n, 1);
  }
  AxisInfo get() {
    for (unsigned d = 0; d < shape.size(); ++d) {
      int64_t run = dimRun(shape[d]);
      c[d] = std::min(floorPow2(c[d]), run);
      k[d] = std::min(floorPow2(k[d]), run);
      dv[d] = std::clamp<int64_t>(floorPow2(dv[d]), 1, kMax);
      if (shape[d] == 1)
        c[d] = k[d] = 1;
    }
    if (constant) {
      *constant = wrapTo(*constant, type);
      for (unsigned d = 0; d < shape.size(); ++d) {
        k[d] = dimRun(shape[d]);
        c[d] = 1;
        dv[d] = pow2Divisor(*constant);
      }
    }
    return AxisInfo(rank, c, dv, k, constant, nonNegative);
  }
  Type type;
  SmallVector<int64_t> shape;
  unsigned rank;
  DimVector c, dv, k;
  std::optional<int64_t> constant;
  bool nonNegative = false;
};

AxisInfo constantInfo(Type type, int64_t value) {
  InfoBuilder b(type);
  b.constant = value;
  return b.get();
}

/// `info` re-typed to the (same-shaped) `type`.
AxisInfo retype(const AxisInfo &info, Type type) {
  InfoBuilder b(type);
  b.c = info.getContiguity();
  b.dv = info.getDivisibility();
  b.k = info.getConstancy();
  b.constant = info.getConstantValue();
  b.nonNegative = info.isNonNegative();
  return b.get();
}

/// add, sub and addptr. For addptr the offset (in elements) is scaled to
/// bytes.
AxisInfo addSub(Type type, const AxisInfo &l, const AxisInfo &r, bool isSub,
                int64_t lStep, int64_t rScale) {
  InfoBuilder b(type);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    int64_t cl = l.getContiguity(d), cr = r.getContiguity(d);
    int64_t kl = l.getConstancy(d), kr = r.getConstancy(d);
    // Contiguous plus constant (over the same aligned runs) is contiguous;
    // constant minus contiguous is not.
    int64_t c = gcd(cl, kr);
    if (!isSub)
      c = std::max(c, gcd(kl, cr));
    b.c[d] = c;
    b.k[d] = gcd(kl, kr);
    b.dv[d] = gcd(divAt(l, d, c, lStep),
                  std::min(kMax, divAt(r, d, c, 1) * rScale));
  }
  if (rScale == 1 && l.getConstantValue() && r.getConstantValue())
    b.constant = isSub ? *l.getConstantValue() - *r.getConstantValue()
                       : *l.getConstantValue() + *r.getConstantValue();
  b.nonNegative = !isSub && l.isNonNegative() && r.isNonNegative();
  return b.get();
}

AxisInfo mul(Type type, const AxisInfo &l, const AxisInfo &r) {
  if (l.getConstantValue() && r.getConstantValue())
    return constantInfo(type, *l.getConstantValue() * *r.getConstantValue());
  if (l.getConstantValue() == 0 || r.getConstantValue() == 0)
    return constantInfo(type, 0);
  if (r.getConstantValue() == 1)
    return retype(l, type);
  if (l.getConstantValue() == 1)
    return retype(r, type);
  InfoBuilder b(type);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    b.k[d] = gcd(l.getConstancy(d), r.getConstancy(d));
    b.dv[d] = std::min(kMax, divAt(l, d, 1, 1) * divAt(r, d, 1, 1));
  }
  b.nonNegative = l.isNonNegative() && r.isNonNegative();
  return b.get();
}

/// divsi/divui by `r`.
AxisInfo div(Type type, const AxisInfo &l, const AxisInfo &r, bool isSigned) {
  std::optional<int64_t> rv = r.getConstantValue();
  if (rv == 1)
    return retype(l, type);
  if (l.getConstantValue() && rv && *rv != 0 &&
      (isSigned || (*l.getConstantValue() >= 0 && *rv > 0)))
    return constantInfo(type, *l.getConstantValue() / *rv);
  InfoBuilder b(type);
  // Floor division (of values that cannot be negative) by a constant that
  // is a multiple of b maps an aligned contiguous run of b values to one.
  bool floorOk = rv && *rv > 0 && (!isSigned || l.isNonNegative());
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    b.k[d] = gcd(l.getConstancy(d), r.getConstancy(d));
    if (floorOk)
      b.k[d] = std::max(b.k[d], std::min({l.getContiguity(d),
                                          l.getDivisibility(d),
                                          pow2Divisor(*rv)}));
    // An exact division by a power of two: x = a * 2^m, 2^m >= r.
    int64_t all = divAt(l, d, 1, 1);
    if (rv && *rv > 0 && llvm::isPowerOf2_64(*rv) && all >= *rv)
      b.dv[d] = all / *rv;
  }
  b.nonNegative = l.isNonNegative() && r.isNonNegative();
  return b.get();
}

/// remsi/remui by `r`.
AxisInfo rem(Type type, const AxisInfo &l, const AxisInfo &r, bool isSigned) {
  std::optional<int64_t> lv = l.getConstantValue(), rv = r.getConstantValue();
  if (lv && rv && *rv != 0 && (isSigned || (*lv >= 0 && *rv > 0)))
    return constantInfo(type, *lv % *rv);
  if (rv == 1 || rv == -1)
    return constantInfo(type, 0);
  InfoBuilder b(type);
  // x % r keeps an aligned contiguous run of b values contiguous when r is
  // a multiple of b that is constant over the run. Such a run is all
  // negative or all non-negative (it starts at a multiple of b); a signed
  // remainder of a negative run counts down, not up. As Triton does, the
  // dividend of a remainder is taken to be a non-negative offset (the
  // idiom `(pid * BLOCK + arange) % N` of its tutorials), as overflow is
  // ignored.
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    int64_t c = std::min({l.getContiguity(d), l.getDivisibility(d),
                          r.getConstancy(d), divAt(r, d, 1, 1)});
    b.c[d] = c;
    b.k[d] = gcd(l.getConstancy(d), r.getConstancy(d));
    // x - q*r is divisible by what divides both.
    b.dv[d] = gcd(divAt(l, d, c, 1), divAt(r, d, 1, 1));
  }
  b.nonNegative = isSigned ? l.isNonNegative() : true;
  return b.get();
}

AxisInfo andI(Type type, const AxisInfo &l, const AxisInfo &r) {
  std::optional<int64_t> lv = l.getConstantValue(), rv = r.getConstantValue();
  if (lv && rv)
    return constantInfo(type, *lv & *rv);
  if (lv == 0 || rv == 0)
    return constantInfo(type, 0);
  if (rv == -1)
    return retype(l, type);
  if (lv == -1)
    return retype(r, type);
  InfoBuilder b(type);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    // x & (2^n - 1) on an aligned contiguous run of at most 2^n values is
    // contiguous (in two's complement, whatever the sign).
    int64_t c = 1;
    auto lowMask = [](std::optional<int64_t> m) -> int64_t {
      if (!m || *m <= 0 || !llvm::isPowerOf2_64(uint64_t(*m) + 1))
        return 0;
      return std::min(kMax, *m + 1);
    };
    if (int64_t m = lowMask(rv))
      c = std::min({l.getContiguity(d), l.getDivisibility(d), m});
    else if (int64_t m = lowMask(lv))
      c = std::min({r.getContiguity(d), r.getDivisibility(d), m});
    b.c[d] = c;
    b.k[d] = gcd(l.getConstancy(d), r.getConstancy(d));
    // x & y has at least the trailing zeros of either.
    b.dv[d] = std::max(divAt(l, d, c, 1), divAt(r, d, c, 1));
  }
  b.nonNegative = l.isNonNegative() || r.isNonNegative();
  return b.get();
}

AxisInfo orXor(Type type, const AxisInfo &l, const AxisInfo &r, bool isXor) {
  std::optional<int64_t> lv = l.getConstantValue(), rv = r.getConstantValue();
  if (lv && rv)
    return constantInfo(type, isXor ? (*lv ^ *rv) : (*lv | *rv));
  if (rv == 0)
    return retype(l, type);
  if (lv == 0)
    return retype(r, type);
  InfoBuilder b(type);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    b.k[d] = gcd(l.getConstancy(d), r.getConstancy(d));
    b.dv[d] = gcd(divAt(l, d, 1, 1), divAt(r, d, 1, 1));
  }
  b.nonNegative = l.isNonNegative() && r.isNonNegative();
  return b.get();
}

AxisInfo shl(Type type, const AxisInfo &l, const AxisInfo &r) {
  std::optional<int64_t> rv = r.getConstantValue();
  if (rv == 0)
    return retype(l, type);
  int64_t bits = bitWidthOf(type);
  if (l.getConstantValue() && rv && *rv > 0 && *rv < bits)
    return constantInfo(type, int64_t(uint64_t(*l.getConstantValue()) << *rv));
  InfoBuilder b(type);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    b.k[d] = gcd(l.getConstancy(d), r.getConstancy(d));
    int64_t all = divAt(l, d, 1, 1);
    if (rv && *rv > 0 && *rv < 31)
      all = std::min(kMax, all << *rv);
    b.dv[d] = all;
  }
  return b.get();
}

AxisInfo shr(Type type, const AxisInfo &l, const AxisInfo &r, bool isSigned) {
  std::optional<int64_t> rv = r.getConstantValue();
  if (rv == 0)
    return retype(l, type);
  int64_t bits = bitWidthOf(type);
  if (l.getConstantValue() && rv && *rv > 0 && *rv < bits && isSigned)
    return constantInfo(type, *l.getConstantValue() >> *rv);
  InfoBuilder b(type);
  bool known = rv && *rv > 0 && *rv < std::min<int64_t>(bits, 31);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    b.k[d] = gcd(l.getConstancy(d), r.getConstancy(d));
    if (known) {
      // A shift right is a floor division by 2^s: constant over aligned
      // contiguous runs of 2^s values.
      b.k[d] = std::max(b.k[d], std::min({l.getContiguity(d),
                                          l.getDivisibility(d),
                                          int64_t(1) << *rv}));
      b.dv[d] = std::max<int64_t>(1, divAt(l, d, 1, 1) >> *rv);
    }
  }
  b.nonNegative = (!isSigned && known) || l.isNonNegative();
  return b.get();
}

bool evalCmp(arith::CmpIPredicate pred, int64_t a, int64_t b) {
  using P = arith::CmpIPredicate;
  uint64_t ua = a, ub = b;
  switch (pred) {
  case P::eq: return a == b;
  case P::ne: return a != b;
  case P::slt: return a < b;
  case P::sle: return a <= b;
  case P::sgt: return a > b;
  case P::sge: return a >= b;
  case P::ult: return ua < ub;
  case P::ule: return ua <= ub;
  case P::ugt: return ua > ub;
  case P::uge: return ua >= ub;
  }
  return false;
}

AxisInfo cmp(Type type, arith::CmpIPredicate pred, Type operandType,
             const AxisInfo &l, const AxisInfo &r) {
  using P = arith::CmpIPredicate;
  std::optional<int64_t> lv = l.getConstantValue(), rv = r.getConstantValue();
  if (lv && rv) {
    int64_t bits = bitWidthOf(operandType);
    auto zext = [&](int64_t v) {
      return bits >= 64 ? v : int64_t(uint64_t(v) & ((uint64_t(1) << bits) - 1));
    };
    bool isUnsigned = pred == P::ult || pred == P::ule || pred == P::ugt ||
                      pred == P::uge;
    return constantInfo(type, evalCmp(pred, isUnsigned ? zext(*lv) : *lv,
                                      isUnsigned ? zext(*rv) : *rv));
  }
  // x < K (or x >= K) is constant over an aligned run of b consecutive x
  // when K is a multiple of b constant over the run: the run starts at a
  // multiple of b and cannot straddle K.
  bool lhsRuns = pred == P::slt || pred == P::ult || pred == P::sge ||
                 pred == P::uge;
  bool rhsRuns = pred == P::sgt || pred == P::ugt || pred == P::sle ||
                 pred == P::ule;
  // Runs of more than 2^(bits-1) could straddle the sign boundary.
  int64_t limit = std::min(kMax, int64_t(1) << std::min<int64_t>(
                                     30, bitWidthOf(operandType) - 1));
  InfoBuilder b(type);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    int64_t k = gcd(l.getConstancy(d), r.getConstancy(d));
    auto run = [&](const AxisInfo &x, const AxisInfo &bound) {
      return std::min({x.getContiguity(d), x.getDivisibility(d),
                       bound.getConstancy(d), divAt(bound, d, 1, 1), limit});
    };
    if (lhsRuns)
      k = std::max(k, run(l, r));
    if (rhsRuns)
      k = std::max(k, run(r, l));
    b.k[d] = k;
  }
  return b.get();
}

AxisInfo select(Type type, const AxisInfo &cond, Type condType,
                const AxisInfo &a, const AxisInfo &bInfo) {
  if (auto cv = cond.getConstantValue())
    return retype(*cv ? a : bInfo, type);
  InfoBuilder b(type);
  bool scalarCond = !isa<RankedTensorType>(condType);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    int64_t kc = scalarCond ? dimRun(b.shape[d]) : cond.getConstancy(d);
    int64_t c = std::min({a.getContiguity(d), bInfo.getContiguity(d), kc});
    b.c[d] = c;
    b.k[d] = std::min({a.getConstancy(d), bInfo.getConstancy(d), kc});
    int64_t step = stepOf(type);
    b.dv[d] = gcd(divAt(a, d, c, step), divAt(bInfo, d, c, step));
  }
  if (a.getConstantValue() && a.getConstantValue() == bInfo.getConstantValue())
    b.constant = a.getConstantValue();
  b.nonNegative = a.isNonNegative() && bInfo.isNonNegative();
  return b.get();
}

/// maxsi/maxui/minsi/minui. Over an aligned run where both operands are
/// contiguous (or both constant) their difference is constant, so the
/// result is one operand for the whole run and keeps what both have.
AxisInfo minMax(Type type, const AxisInfo &l, const AxisInfo &r, bool isMax,
                bool isSigned) {
  std::optional<int64_t> lv = l.getConstantValue(), rv = r.getConstantValue();
  if (lv && rv && isSigned)
    return constantInfo(type, isMax ? std::max(*lv, *rv) : std::min(*lv, *rv));
  InfoBuilder b(type);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    b.c[d] = gcd(l.getContiguity(d), r.getContiguity(d));
    b.k[d] = gcd(l.getConstancy(d), r.getConstancy(d));
    int64_t run = std::max(b.c[d], int64_t(1));
    b.dv[d] = gcd(divAt(l, d, run, 1), divAt(r, d, run, 1));
  }
  // Signed: max is >= 0 when either is, min when both are. Unsigned
  // results are known non-negative only as the operands are.
  if (isSigned)
    b.nonNegative = isMax ? l.isNonNegative() || r.isNonNegative()
                          : l.isNonNegative() && r.isNonNegative();
  else
    b.nonNegative = isMax ? l.isNonNegative() && r.isNonNegative()
                          : l.isNonNegative() || r.isNonNegative();
  return b.get();
}

/// ext/trunc/index casts between integer widths.
AxisInfo cast(Type type, Type srcType, const AxisInfo &x, bool zeroExtend) {
  int64_t srcBits = bitWidthOf(srcType), dstBits = bitWidthOf(type);
  int64_t narrow = std::min(srcBits, dstBits);
  if (auto v = x.getConstantValue()) {
    int64_t value = *v;
    if (zeroExtend && srcBits < 64)
      value = int64_t(uint64_t(value) & ((uint64_t(1) << srcBits) - 1));
    return constantInfo(type, value);
  }
  // Wide integers do not wrap (as everywhere here), and zero extension
  // keeps values that are not negative.
  bool mayWrap = narrow < 32 || (zeroExtend && !x.isNonNegative());
  if (!mayWrap)
    return retype(x, type);
  // Otherwise a contiguous run survives only if it cannot straddle a wrap:
  // aligned (it starts at a multiple of its length) and no longer than the
  // narrow type's positive range.
  InfoBuilder b(type);
  int64_t limit = narrow >= 32 ? kMax : int64_t(1) << (narrow - 1);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    int64_t c = std::min({x.getContiguity(d), x.getDivisibility(d), limit});
    b.c[d] = c;
    b.k[d] = x.getConstancy(d);
    b.dv[d] = divAt(x, d, c, 1);
  }
  b.nonNegative = zeroExtend || (x.isNonNegative() && dstBits >= srcBits);
  return b.get();
}

/// The info of an unknown operation that is elementwise over its operands:
/// equal operands give equal results.
AxisInfo elementwise(Type type, ArrayRef<const AxisInfo *> operands,
                     ArrayRef<Type> operandTypes) {
  InfoBuilder b(type);
  for (unsigned d = 0; d < b.shape.size(); ++d) {
    int64_t k = dimRun(b.shape[d]);
    for (auto [info, t] : llvm::zip(operands, operandTypes))
      if (isa<RankedTensorType>(t) && info->getConstancy().size() > d)
        k = gcd(k, info->getConstancy(d));
    b.k[d] = k;
  }
  return b.get();
}

/// The front end's axis hints (tl.multiple_of, tl.max_contiguous,
/// tl.max_constancy) in `attrs` (of the op that defines a value of `type`,
/// of a function argument, or a loop argument's in tir.region_arg_hints):
/// dense i32 arrays, one entry per dimension.
/// A hint is the user's promise and raises what was derived (Triton's
/// hints replace it; both facts hold, so the larger one is kept). Entries
/// are clamped like derived ones (powers of two, runs within the
/// dimension); a known constant stays exact.
AxisInfo applyHints(DictionaryAttr attrs, Type type, const AxisInfo &info) {
  unsigned n = std::max(info.getRank(), 1u);
  auto hint = [&](StringRef name) -> ArrayRef<int32_t> {
    auto attr = dyn_cast_or_null<DenseI32ArrayAttr>(attrs.get(name));
    if (!attr || attr.size() != n)
      return {};
    return attr.asArrayRef();
  };
  ArrayRef<int32_t> dv = hint(tir::TileIRDialect::getDivisibilityAttrName()),
                    c = hint(tir::TileIRDialect::getContiguityAttrName()),
                    k = hint(tir::TileIRDialect::getConstancyAttrName());
  if ((dv.empty() && c.empty() && k.empty()) || info.getConstantValue() ||
      shapeOf(type).size() != n)
    return info;
  InfoBuilder b(type);
  for (unsigned d = 0; d < n; ++d) {
    b.c[d] = std::max<int64_t>(info.getContiguity(d), c.empty() ? 1 : c[d]);
    b.dv[d] = std::max<int64_t>(info.getDivisibility(d), dv.empty() ? 1 : dv[d]);
    b.k[d] = std::max<int64_t>(info.getConstancy(d), k.empty() ? 1 : k[d]);
  }
  b.nonNegative = info.isNonNegative();
  return b.get();
}

/// Whether the program states `v >= 0` (or `v > c`, c >= -1, or the same
/// mirrored) through a tir.assume in the block that defines `v`: such an
/// assumption holds wherever `v` is used (tl.assume(pid_m >= 0) in
/// Triton's tutorials keeps `(pid_m * BM + arange) % M` contiguous).
bool assumedNonNegative(Value v) {
  Block *home = v.getParentBlock();
  for (Operation *user : v.getUsers()) {
    auto cmpOp = dyn_cast<arith::CmpIOp>(user);
    if (!cmpOp)
      continue;
    bool isLhs = cmpOp.getLhs() == v;
    APInt bound;
    if (!matchPattern(isLhs ? cmpOp.getRhs() : cmpOp.getLhs(),
                      m_ConstantInt(&bound)))
      continue;
    int64_t c = bound.getSExtValue();
    using P = arith::CmpIPredicate;
    // `v >= c` / `v > c`, or mirrored `c <= v` / `c < v`.
    P pred = cmpOp.getPredicate();
    bool atLeast = isLhs ? pred == P::sge : pred == P::sle;
    bool above = isLhs ? pred == P::sgt : pred == P::slt;
    bool nonNeg = (atLeast && c >= 0) || (above && c >= -1);
    if (!nonNeg)
      continue;
    for (Operation *cmpUser : cmpOp->getUsers())
      if (isa<tir::AssumeOp>(cmpUser) && cmpUser->getBlock() == home)
        return true;
  }
  return false;
}

/// `info` with the non-negativity that an assumption adds.
AxisInfo withAssumptions(Value v, const AxisInfo &info) {
  if (info.isNonNegative() || !getElementTypeOrSelf(v.getType()).isInteger() ||
      !assumedNonNegative(v))
    return info;
  return AxisInfo(info.getRank(), info.getContiguity(), info.getDivisibility(),
                  info.getConstancy(), info.getConstantValue(),
                  /*nonNegative=*/true);
}

class AxisInfoDataFlow
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override {
    // Wait until every operand is known (the solver comes back).
    for (const AxisInfoLattice *operand : operands)
      if (!operand->getValue().isInitialized())
        return success();
    SmallVector<const AxisInfo *> in;
    for (const AxisInfoLattice *operand : operands)
      in.push_back(&operand->getValue());
    for (auto [i, result] : llvm::enumerate(results)) {
      AxisInfo info = transfer(op, in, i);
      // Axis hints describe the first result.
      if (i == 0)
        info = applyHints(op->getAttrDictionary(), op->getResult(0).getType(),
                          info);
      info = withAssumptions(op->getResult(i), info);
      propagateIfChanged(result, result->join(info));
    }
    return success();
  }

  void setToEntryState(AxisInfoLattice *lattice) override {
    Value v = lattice->getAnchor();
    // A partition's arguments are the warp_specialize's captures.
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Block *owner = arg.getOwner();
      if (owner->isEntryBlock() && tir::isWarpPartition(owner->getParent())) {
        auto ws = llvm::cast<tir::WarpSpecializeOp>(
            owner->getParentOp()->getParentOp());
        const AxisInfoLattice *capture = getLatticeElementFor(
            getProgramPointBefore(owner),
            ws.getCaptures()[arg.getArgNumber()]);
        // Not known yet: the block is visited again when it is.
        if (capture->getValue().isInitialized())
          propagateIfChanged(lattice, lattice->join(capture->getValue()));
        return;
      }
    }
    AxisInfo info = AxisInfo::getPessimistic(rankOf(v.getType()));
    if (auto arg = dyn_cast<BlockArgument>(v))
      if (auto fn = dyn_cast_or_null<FunctionOpInterface>(
              arg.getOwner()->getParentOp()))
        if (arg.getOwner()->isEntryBlock()) {
          if (auto div = fn.getArgAttrOfType<IntegerAttr>(
                  arg.getArgNumber(),
                  tir::TileIRDialect::getDivisibilityAttrName());
              div && rankOf(v.getType()) == 0) {
            InfoBuilder b(v.getType());
            b.dv[0] = div.getInt() > 0 ? pow2Divisor(div.getInt()) : 1;
            info = b.get();
          }
          if (DictionaryAttr attrs = fn.getArgAttrDict(arg.getArgNumber()))
            info = applyHints(attrs, v.getType(), info);
          info = withAssumptions(v, info);
        }
    propagateIfChanged(lattice, lattice->join(info));
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override {
    // The body of an scf.for: its induction variable (argument 0, also
    // when the loop carries nothing and `firstIndex` says 0).
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (forOp && !successor.isParent() && !argLattices.empty()) {
      const AxisInfoLattice *lb = getLatticeElementFor(
          getProgramPointAfter(op), forOp.getLowerBound());
      const AxisInfoLattice *step =
          getLatticeElementFor(getProgramPointAfter(op), forOp.getStep());
      if (lb->getValue().isInitialized() && step->getValue().isInitialized()) {
        // iv = lb + i * step: divisible by what divides both.
        InfoBuilder b(forOp.getInductionVar().getType());
        b.dv[0] = gcd(lb->getValue().getDivisibilityOfAll(),
                      step->getValue().getDivisibilityOfAll());
        b.nonNegative = lb->getValue().isNonNegative();
        AxisInfoLattice *iv = argLattices[0];
        propagateIfChanged(iv, iv->join(b.get()));
      }
      // Any argument past the carried ones that control flow sets.
      setAllToEntryStates(
          argLattices.drop_front(1 + successor.getSuccessorInputs().size()));
      return;
    }
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
  }

private:
  AxisInfo transfer(Operation *op, ArrayRef<const AxisInfo *> in,
                    unsigned resultIndex);
};

/// Values that start here: constants, ranges, program ids.
std::optional<AxisInfo> transferSource(Operation *op, Type type) {
  // Constants.
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    Attribute value = constant.getValue();
    if (auto dense = dyn_cast<DenseElementsAttr>(value))
      if (dense.isSplat() && dense.getElementType().isIntOrIndex())
        value = dense.getSplatValue<Attribute>();
    if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
      APInt v = intAttr.getValue();
      return constantInfo(type, v.getBitWidth() == 1 ? int64_t(v.getZExtValue())
                                                     : v.getSExtValue());
    }
    return AxisInfo::getPessimistic(rankOf(type));
  }
  if (auto range = dyn_cast<tir::MakeRangeOp>(op)) {
    InfoBuilder b(type);
    int64_t start = int32_t(range.getStart());
    int64_t n = int64_t(int32_t(range.getEnd())) - start;
    int64_t c = dimRun(n);
    b.c[0] = c;
    b.dv[0] = c == n ? pow2Divisor(start) : gcd(pow2Divisor(start), c);
    b.nonNegative = start >= 0;
    return b.get();
  }
  if (isa<tir::GetProgramIdOp, tir::GetNumProgramsOp>(op)) {
    InfoBuilder b(type);
    b.nonNegative = true;
    return b.get();
  }
  return std::nullopt;
}

/// Shape and layout changes, pointer arithmetic and casts.
std::optional<AxisInfo> transferShape(Operation *op, Type type,
                                      ArrayRef<const AxisInfo *> in) {
  auto operandType = [&](unsigned i) {
    return op->getOperand(i).getType();
  };
  if (isa<tir::SplatOp>(op)) {
    InfoBuilder b(type);
    const AxisInfo &s = *in[0];
    for (unsigned d = 0; d < b.shape.size(); ++d) {
      b.k[d] = dimRun(b.shape[d]);
      b.dv[d] = s.getDivisibilityOfAll();
    }
    b.constant = s.getConstantValue();
    b.nonNegative = s.isNonNegative();
    return b.get();
  }
  if (auto expand = dyn_cast<tir::ExpandDimsOp>(op)) {
    const AxisInfo &s = *in[0];
    unsigned axis = expand.getAxis();
    InfoBuilder b(type);
    DimVector c = s.getContiguity(), dv = s.getDivisibility(),
              k = s.getConstancy();
    if (s.getRank() == 0) {
      c.clear();
      dv.clear();
      k.clear();
    }
    c.insert(c.begin() + axis, 1);
    dv.insert(dv.begin() + axis, s.getDivisibilityOfAll());
    k.insert(k.begin() + axis, 1);
    b.c = c;
    b.dv = dv;
    b.k = k;
    b.constant = s.getConstantValue();
    b.nonNegative = s.isNonNegative();
    return b.get();
  }
  if (isa<tir::BroadcastOp>(op)) {
    const AxisInfo &s = *in[0];
    SmallVector<int64_t> srcShape = shapeOf(operandType(0));
    InfoBuilder b(type);
    if (srcShape.size() != b.shape.size())
      return AxisInfo::getPessimistic(rankOf(type));
    for (unsigned d = 0; d < b.shape.size(); ++d) {
      b.c[d] = s.getContiguity(d);
      b.dv[d] = s.getDivisibility(d);
      b.k[d] = s.getConstancy(d);
      if (srcShape[d] == 1 && b.shape[d] != 1) {
        b.c[d] = 1;
        b.k[d] = dimRun(b.shape[d]);
        b.dv[d] = s.getDivisibilityOfAll();
      }
    }
    b.constant = s.getConstantValue();
    b.nonNegative = s.isNonNegative();
    return b.get();
  }
  if (auto trans = dyn_cast<tir::TransOp>(op)) {
    const AxisInfo &s = *in[0];
    InfoBuilder b(type);
    ArrayRef<int32_t> order = trans.getOrder();
    if (order.size() != b.shape.size())
      return AxisInfo::getPessimistic(rankOf(type));
    for (unsigned d = 0; d < order.size(); ++d) {
      b.c[d] = s.getContiguity(order[d]);
      b.dv[d] = s.getDivisibility(order[d]);
      b.k[d] = s.getConstancy(order[d]);
    }
    b.constant = s.getConstantValue();
    b.nonNegative = s.isNonNegative();
    return b.get();
  }
  if (isa<gir::ConvertLayoutOp>(op))
    return retype(*in[0], type);
  if (isa<tir::AddPtrOp>(op)) {
    int64_t bytes = stepOf(type);
    return addSub(type, *in[0], *in[1], /*isSub=*/false, bytes, bytes);
  }
  if (isa<tir::IntToPtrOp, tir::PtrToIntOp, tir::BitcastOp>(op)) {
    // Units change (bytes vs elements): keep what does not depend on them.
    InfoBuilder b(type);
    bool sameStep = stepOf(type) == stepOf(operandType(0));
    for (unsigned d = 0; d < b.shape.size(); ++d) {
      b.k[d] = in[0]->getConstancy(d);
      if (sameStep && !isa<tir::BitcastOp>(op)) {
        b.c[d] = in[0]->getContiguity(d);
        b.dv[d] = in[0]->getDivisibility(d);
      } else if (isa<tir::PointerType>(getElementTypeOrSelf(type)) &&
                 isa<tir::PointerType>(
                     getElementTypeOrSelf(operandType(0)))) {
        b.dv[d] = divAt(*in[0], d, 1, stepOf(operandType(0)));
      }
    }
    return b.get();
  }

  return std::nullopt;
}

/// Integer arithmetic, comparisons, selects and casts.
std::optional<AxisInfo> transferArith(Operation *op, Type type,
                                      ArrayRef<const AxisInfo *> in) {
  auto operandType = [&](unsigned i) {
    return op->getOperand(i).getType();
  };
  // Arithmetic.
  if (isa<arith::AddIOp>(op))
    return addSub(type, *in[0], *in[1], false, 1, 1);
  if (isa<arith::SubIOp>(op))
    return addSub(type, *in[0], *in[1], true, 1, 1);
  if (isa<arith::MulIOp>(op))
    return mul(type, *in[0], *in[1]);
  if (isa<arith::DivSIOp>(op))
    return div(type, *in[0], *in[1], true);
  if (isa<arith::DivUIOp>(op))
    return div(type, *in[0], *in[1], false);
  if (isa<arith::RemSIOp>(op))
    return rem(type, *in[0], *in[1], true);
  if (isa<arith::RemUIOp>(op))
    return rem(type, *in[0], *in[1], false);
  if (isa<arith::AndIOp>(op))
    return andI(type, *in[0], *in[1]);
  if (isa<arith::OrIOp>(op))
    return orXor(type, *in[0], *in[1], false);
  if (isa<arith::XOrIOp>(op))
    return orXor(type, *in[0], *in[1], true);
  if (isa<arith::ShLIOp>(op))
    return shl(type, *in[0], *in[1]);
  if (isa<arith::ShRSIOp>(op))
    return shr(type, *in[0], *in[1], true);
  if (isa<arith::ShRUIOp>(op))
    return shr(type, *in[0], *in[1], false);
  if (isa<arith::MaxSIOp>(op))
    return minMax(type, *in[0], *in[1], /*isMax=*/true, /*isSigned=*/true);
  if (isa<arith::MaxUIOp>(op))
    return minMax(type, *in[0], *in[1], /*isMax=*/true, /*isSigned=*/false);
  if (isa<arith::MinSIOp>(op))
    return minMax(type, *in[0], *in[1], /*isMax=*/false, /*isSigned=*/true);
  if (isa<arith::MinUIOp>(op))
    return minMax(type, *in[0], *in[1], /*isMax=*/false, /*isSigned=*/false);
  if (auto cmpOp = dyn_cast<arith::CmpIOp>(op))
    return cmp(type, cmpOp.getPredicate(), operandType(0), *in[0], *in[1]);
  if (isa<arith::SelectOp>(op)) {
    if (op->getOperand(1) == op->getOperand(2))
      return retype(*in[1], type);
    return select(type, *in[0], operandType(0), *in[1], *in[2]);
  }
  if (isa<arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp>(op))
    return cast(type, operandType(0), *in[0], /*zeroExtend=*/false);
  if (isa<arith::ExtUIOp, arith::IndexCastUIOp>(op))
    return cast(type, operandType(0), *in[0],
                /*zeroExtend=*/bitWidthOf(type) > bitWidthOf(operandType(0)));

  return std::nullopt;
}

AxisInfo AxisInfoDataFlow::transfer(Operation *op,
                                    ArrayRef<const AxisInfo *> in,
                                    unsigned resultIndex) {
  Type type = op->getResult(resultIndex).getType();
  // An op that states its own (a plugin's).
  if (auto stated = dyn_cast<AxisInfoOpInterface>(op)) {
    AxisInfo info = stated.inferAxisInfo(in, resultIndex);
    if (info.isInitialized() && info.getRank() == rankOf(type))
      return info;
    return AxisInfo::getPessimistic(rankOf(type));
  }
  if (std::optional<AxisInfo> info = transferSource(op, type))
    return *info;
  if (std::optional<AxisInfo> info = transferShape(op, type, in))
    return *info;
  if (std::optional<AxisInfo> info = transferArith(op, type, in))
    return *info;
  // Anything else elementwise: equal inputs give equal outputs.
  if (op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
      isa<RankedTensorType>(type)) {
    SmallVector<Type> types(op->getOperandTypes());
    return elementwise(type, in, types);
  }
  return AxisInfo::getPessimistic(rankOf(type));
}

} // namespace

//===----------------------------------------------------------------------===//
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

AxisInfoAnalysis::AxisInfoAnalysis(Operation *root) {
  DataFlowSolver solver;
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<AxisInfoDataFlow>();
  if (failed(solver.initializeAndRun(root)))
    return;
  auto keep = [&](Value v) {
    Type elem = getElementTypeOrSelf(v.getType());
    if (!elem.isIntOrIndex() && !isa<tir::PointerType>(elem))
      return;
    const AxisInfoLattice *state = solver.lookupState<AxisInfoLattice>(v);
    if (state && state->getValue().isInitialized())
      infos.try_emplace(v, state->getValue());
  };
  root->walk([&](Operation *op) {
    for (Value result : op->getResults())
      keep(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          keep(arg);
  });
}

const AxisInfo *AxisInfoAnalysis::lookup(Value v) const {
  auto it = infos.find(v);
  return it == infos.end() ? nullptr : &it->second;
}

unsigned AxisInfoAnalysis::getVectorElems(Value ptr, Value mask,
                                          unsigned dim) const {
  auto tile = dyn_cast<RankedTensorType>(ptr.getType());
  if (!tile || dim >= tile.getRank())
    return 1;
  auto ptrType = dyn_cast<tir::PointerType>(tile.getElementType());
  if (!ptrType)
    return 1;
  int64_t bytes = getPointeeBytes(ptrType.getPointeeType());
  if (bytes == 0 || bytes > 16 || !llvm::isPowerOf2_64(bytes))
    return 1;
  const AxisInfo *info = lookup(ptr);
  if (!info || info->getRank() != tile.getRank())
    return 1;
  int64_t v = std::min({info->getContiguity(dim),
                        std::max<int64_t>(1, info->getDivisibility(dim) / bytes),
                        16 / bytes, dimRun(tile.getDimSize(dim))});
  if (mask) {
    const AxisInfo *m = lookup(mask);
    if (!m)
      return 1;
    if (m->getRank() == tile.getRank())
      v = std::min(v, m->getConstancy(dim));
    else if (m->getRank() != 0) // a scalar mask is uniform
      return 1;
  }
  return static_cast<unsigned>(std::max<int64_t>(1, floorPow2(v)));
}
