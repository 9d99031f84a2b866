//===- MemoryToLLVM.cpp - Loads and stores through pointer tiles ----------===//
//
// Where the axis info proves that a thread's consecutive registers hold
// elements that are consecutive and aligned in memory (and the mask constant
// over them), a thread moves each such group with one vector access of up to
// 16 bytes (ld.global.v4.b32 and friends), predicated on the group's mask.
// Otherwise it loads (stores) its elements through its vector of pointers
// with a masked gather (scatter), which LLVM's NVPTX back end turns into one
// access per element under a branch.
//
// The masked accesses of an op whose thread makes more than
// kMaxBranchedAccesses of them (integers or floats in global memory) are
// predicated PTX (`@p ld.global.v4.b32 ...`, as Triton emits), straight-line
// code: a branch around each access (an scf.if, or LLVM's expansion of a
// masked gather or scatter) would make a thread's code of a large tile
// thousands of basic blocks, over which LLVM's code generator (register
// coalescing, straight-line strength reduction) takes time quadratic in
// their number. Fewer accesses keep their branches: the code ptxas
// allocates registers best for (predicated, the 64 and 128 element accesses
// per thread of the generic bf16 matmul cost 348 bytes of spills on sm_80).
//
// An access with a cache modifier or an eviction policy (other than the
// defaults) is inline PTX instead, as in Triton: the same accesses (one per
// vector group or per element), each one `@p ld.global.cg.v4.b32 ...` with
// the qualifiers of CacheHints and the masked-off value moved into the
// destination registers first. ptxas (CUDA 13) rejects a cache operator
// together with an L1 eviction priority, or either on a volatile load; the
// L1 priority then goes (the L2 policy stays), and a volatile load drops
// both.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "trident/Analysis/AxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {

VectorPlan planVectors(Operation *op, Value ptr, Value mask,
                       LoweringContext &lc) {
  VectorPlan plan;
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!lc.axisInfo || !type)
    return plan;
  auto ptrType = dyn_cast<tir::PointerType>(type.getElementType());
  if (!ptrType || !ptrType.getPointeeType().isIntOrFloat())
    return plan;
  std::string why;
  FailureOr<LayoutMap> map =
      LayoutMap::get(type, lc.threadsPerWarp, gir::getNumWarps(op), why);
  if (failed(map))
    return plan;
  for (unsigned d = 0; d < type.getRank(); ++d) {
    int64_t v = lc.axisInfo->getVectorElems(ptr, mask, d);
    for (; v > int64_t(plan.width); v /= 2)
      if (map->registersRunAlong(d, v)) {
        plan.width = v;
        plan.dim = d;
        break;
      }
  }
  return plan;
}

namespace {

unsigned alignmentOf(Type element) {
  // Pointers read from or written to memory (tiles of
  // !tir.ptr<!tir.ptr<T>>) are 64-bit on NVPTX.
  if (isa<LLVM::LLVMPointerType>(element))
    return 8;
  return std::max<unsigned>(1, element.getIntOrFloatBitWidth() / 8);
}

/// The zero of `type` (also of pointers and vectors of them, which have no
/// zero attribute): what a masked-off element of a load without `other`
/// holds.
Value zeroOf(OpBuilder &b, Location loc, Type type) {
  if (TypedAttr zero = dyn_cast_or_null<TypedAttr>(b.getZeroAttr(type)))
    return arith::ConstantOp::create(b, loc, type, zero);
  return LLVM::ZeroOp::create(b, loc, type);
}

/// Loads of i1 tiles go through bytes.
Type memoryType(Type element, OpBuilder &b) {
  return element.isInteger(1) ? b.getI8Type() : element;
}

/// Registers [first, first + n) of the per-thread vector `v`.
Value slice(OpBuilder &b, Location loc, Value v, int64_t first, int64_t n) {
  SmallVector<int64_t> mask;
  for (int64_t i = 0; i < n; ++i)
    mask.push_back(first + i);
  return vector::ShuffleOp::create(b, loc, v, v, mask);
}

/// A mask vector of all ones, for unmasked tile accesses.
Value allTrue(OpBuilder &b, Location loc, int64_t n) {
  auto type = VectorType::get({n}, b.getI1Type());
  return arith::ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, b.getBoolAttr(true)));
}

/// Appends the elements of the vector `group` to `registers`. A thread's
/// vector is built once from all its registers (vector.from_elements), not
/// by a chain of inserts, each of which copies the whole vector in LLVM's
/// passes (time quadratic in registers per thread).
void appendElements(OpBuilder &b, Location loc, Value group,
                    SmallVectorImpl<Value> &registers) {
  int64_t n = cast<VectorType>(group.getType()).getNumElements();
  for (int64_t i = 0; i < n; ++i)
    registers.push_back(vector::ExtractOp::create(b, loc, group, i));
}

/// A masked gather of more registers is made of gathers of this many.
constexpr int64_t kGatherChunk = 16;

/// Above this many masked accesses per thread, an op's accesses are
/// predicated PTX rather than branches (the file's comment says why).
constexpr int64_t kMaxBranchedAccesses = 128;

/// Whether the `accesses` masked accesses per thread through the pointer
/// tile `ptr` of `element`s are predicated PTX rather than branches: many
/// of them, of integers or floats in global memory.
bool predicatedInPTX(Value ptr, Type element, int64_t accesses) {
  return accesses > kMaxBranchedAccesses && globalIntOrFloat(ptr, element);
}

//===----------------------------------------------------------------------===//
// Cache modifiers and eviction policies
//===----------------------------------------------------------------------===//

/// The PTX qualifiers of a global access with a cache modifier or an
/// eviction policy, as Triton gives them: the modifier is the cache
/// operator (`.ca`, `.cg`, `.cs`, `.cv` on loads; `.wb`, `.cg`, `.cs`,
/// `.wt` on stores); evict_first / evict_last become an L2 cache policy
/// (`createpolicy.fractional.L2::evict_*`, sm_80 and later) passed with
/// `.L2::cache_hint`, and, where no cache operator is given (PTX allows
/// one or the other), the L1 priority `.L1::evict_*` (sm_70 and later).
struct CacheHints {
  std::string qualifiers;
  /// "evict_first" or "evict_last": the L2 policy to create; else empty.
  StringRef l2Priority;

  bool empty() const { return qualifiers.empty(); }
};

FailureOr<CacheHints> cacheHintsOf(Operation *op, tir::CacheModifier cache,
                                   tir::EvictionPolicy evict, bool isStore,
                                   LoweringContext &lc) {
  using tir::CacheModifier;
  bool loadOnly = cache == CacheModifier::CA || cache == CacheModifier::CV;
  bool storeOnly = cache == CacheModifier::WB || cache == CacheModifier::WT;
  if (isStore ? loadOnly : storeOnly)
    return op->emitOpError()
           << "cache modifier '" << tir::stringifyCacheModifier(cache)
           << "' is for " << (isStore ? "loads" : "stores") << "; a "
           << (isStore ? "store takes wb, cg, cs or wt"
                       : "load takes ca, cg, cs or cv");
  int64_t cc = 90;
  if (auto attr = lc.module->getAttrOfType<IntegerAttr>(
          gir::GPUIRDialect::getComputeCapabilityAttrName()))
    cc = attr.getInt();
  CacheHints hints;
  if (cache != CacheModifier::None)
    hints.qualifiers = "." + tir::stringifyCacheModifier(cache).str();
  StringRef priority = evict == tir::EvictionPolicy::EvictFirst ? "evict_first"
                       : evict == tir::EvictionPolicy::EvictLast
                           ? "evict_last"
                           : "";
  if (!priority.empty() && cache == CacheModifier::None && cc >= 70)
    hints.qualifiers += (".L1::" + priority).str();
  if (!priority.empty() && cc >= 80) {
    hints.qualifiers += ".L2::cache_hint";
    hints.l2Priority = priority;
  }
  return hints;
}

/// The 64-bit L2 cache policy for `hints` (null if it has none): every
/// line the access touches gets the priority.
Value createL2Policy(OpBuilder &b, Location loc, const CacheHints &hints) {
  if (hints.l2Priority.empty())
    return {};
  std::string text =
      ("createpolicy.fractional.L2::" + hints.l2Priority + ".b64 $0, 1.0;")
          .str();
  return LLVM::InlineAsmOp::create(
             b, loc, b.getI64Type(), ValueRange{}, text, "=l",
             /*has_side_effects=*/false, /*is_align_stack=*/false,
             LLVM::tailcallkind::TailCallKind::None, LLVM::AsmDialectAttr(),
             ArrayAttr())
      .getResult(0);
}

/// How one access of a vector<n x element> moves in PTX: `words` registers
/// of `wordBits` bits each (as Triton splits them: 32-bit words, or the
/// element's width if wider, or the whole vector if narrower), held in
/// registers of `regBits` (PTX has no 8-bit registers).
struct AccessWords {
  unsigned words, wordBits, regBits;
  std::string constraint;

  explicit AccessWords(VectorType type) {
    unsigned elementBits = type.getElementType().getIntOrFloatBitWidth();
    unsigned bits = elementBits * type.getNumElements();
    wordBits = std::min(bits, std::max(32u, elementBits));
    words = bits / wordBits;
    regBits = std::max(16u, wordBits);
    constraint = regBits == 16 ? "h" : regBits == 32 ? "r" : "l";
  }
  /// ".v4.b32", ".b16", ...
  std::string suffix() const {
    std::string s = words > 1 ? ".v" + std::to_string(words) : "";
    return s + ".b" + std::to_string(wordBits);
  }
  /// "$first" or "{$first, ..., $(first + words - 1)}".
  std::string operands(unsigned first) const {
    if (words == 1)
      return "$" + std::to_string(first);
    std::string s = "{";
    for (unsigned i = 0; i < words; ++i)
      s += (i ? ", $" : "$") + std::to_string(first + i);
    return s + "}";
  }
  /// The words of `v` (vector<n x element>) as register-sized integers.
  SmallVector<Value> split(OpBuilder &b, Location loc, Value v) const {
    auto wordType = b.getIntegerType(wordBits);
    Value asWords = vector::BitCastOp::create(
        b, loc, VectorType::get({int64_t(words)}, wordType), v);
    SmallVector<Value> out;
    for (unsigned i = 0; i < words; ++i) {
      Value w = vector::ExtractOp::create(b, loc, asWords, i);
      if (regBits != wordBits)
        w = arith::ExtUIOp::create(b, loc, b.getIntegerType(regBits), w);
      out.push_back(w);
    }
    return out;
  }
  /// The inverse of split.
  Value join(OpBuilder &b, Location loc, ArrayRef<Value> regs,
             VectorType type) const {
    auto wordType = b.getIntegerType(wordBits);
    SmallVector<Value> ws;
    for (Value r : regs)
      ws.push_back(regBits == wordBits
                       ? r
                       : arith::TruncIOp::create(b, loc, wordType, r));
    Value asWords = vector::FromElementsOp::create(
        b, loc, VectorType::get({int64_t(words)}, wordType), ws);
    return vector::BitCastOp::create(b, loc, type, asWords);
  }
};

/// One `ld.global<hints>` of a vector<n x element> (at most 16 bytes,
/// aligned to its size) at `ptr`, predicated on `pred` (if not null): where
/// it is false the result is `other` (a vector of the same type), moved into
/// the destination registers first.
Value hintedLoad(OpBuilder &b, Location loc, VectorType type, Value ptr,
                 Value pred, Value other, const CacheHints &hints,
                 Value policy) {
  AccessWords w(type);
  SmallVector<Value> operands{ptr};
  std::string constraints;
  for (unsigned i = 0; i < w.words; ++i)
    constraints += "=" + w.constraint + ",";
  constraints += "l";
  std::string text;
  unsigned next = w.words + 1;
  if (policy) {
    operands.push_back(policy);
    constraints += ",l";
    ++next;
  }
  if (pred) {
    for (auto [i, word] : llvm::enumerate(w.split(b, loc, other))) {
      operands.push_back(word);
      constraints += "," + w.constraint;
      text += "mov.b" + std::to_string(w.regBits) + " $" + std::to_string(i) +
              ", $" + std::to_string(next++) + ";\n\t";
    }
    operands.push_back(pred);
    constraints += ",b";
    text += "@$" + std::to_string(next) + " ";
  }
  text += "ld.global" + hints.qualifiers + w.suffix() + " " + w.operands(0) +
          ", [$" + std::to_string(w.words) + "]";
  if (policy)
    text += ", $" + std::to_string(w.words + 1);
  text += ";";
  auto regType = b.getIntegerType(w.regBits);
  Type resultType =
      w.words == 1 ? Type(regType)
                   : LLVM::LLVMStructType::getLiteral(
                         b.getContext(), SmallVector<Type>(w.words, regType));
  // Side effects: the load must stay ordered with the program's stores.
  Value result = LLVM::InlineAsmOp::create(
                     b, loc, resultType, operands, text, constraints,
                     /*has_side_effects=*/true, /*is_align_stack=*/false,
                     LLVM::tailcallkind::TailCallKind::None,
                     LLVM::AsmDialectAttr(), ArrayAttr())
                     .getResult(0);
  SmallVector<Value> regs;
  if (w.words == 1)
    regs.push_back(result);
  else
    for (unsigned i = 0; i < w.words; ++i)
      regs.push_back(LLVM::ExtractValueOp::create(b, loc, result, i));
  return w.join(b, loc, regs, type);
}

/// One `st.global<hints>` of `value` (a vector of at most 16 bytes, aligned
/// to its size) at `ptr`, predicated on `pred` (if not null).
void hintedStore(OpBuilder &b, Location loc, Value value, Value ptr,
                 Value pred, const CacheHints &hints, Value policy) {
  AccessWords w(cast<VectorType>(value.getType()));
  // Operands: the address, the words, the policy, the predicate.
  SmallVector<Value> operands{ptr};
  std::string constraints = "l";
  for (Value word : w.split(b, loc, value)) {
    operands.push_back(word);
    constraints += "," + w.constraint;
  }
  std::string text = "st.global" + hints.qualifiers + w.suffix() + " [$0], " +
                     w.operands(1);
  if (policy) {
    text += ", $" + std::to_string(operands.size());
    operands.push_back(policy);
    constraints += ",l";
  }
  text += ";";
  if (pred) {
    text = "@$" + std::to_string(operands.size()) + " " + text;
    operands.push_back(pred);
    constraints += ",b";
  }
  LLVM::InlineAsmOp::create(b, loc, TypeRange{}, operands, text, constraints,
                            /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

/// `v` (a scalar) as a vector<1 x type>.
Value asVector1(OpBuilder &b, Location loc, Value v) {
  return vector::BroadcastOp::create(b, loc, VectorType::get({1}, v.getType()),
                                     v);
}

struct LoadPattern : LoweringPattern<tir::LoadOp> {
  using LoweringPattern::LoweringPattern;
  using Adaptor = tir::LoadOp::Adaptor;

  LogicalResult
  matchAndRewrite(tir::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<CacheHints> hints =
        cacheHintsOf(op, op.getCache(), op.getEvict(), /*isStore=*/false, lc);
    if (failed(hints))
      return failure();
    // A volatile load takes no cache operator or eviction priority in PTX:
    // volatile wins.
    bool hinted = !hints->empty() && !op.getIsVolatile() &&
                  getElementTypeOrSelf(op.getType()).isIntOrFloat();
    auto tile = dyn_cast<RankedTensorType>(op.getType());
    if (!tile) {
      rewriter.replaceOp(
          op, loadScalar(op, adaptor, rewriter, hinted ? &*hints : nullptr));
      return success();
    }
    auto vecType = cast<VectorType>(getTypeConverter()->convertType(tile));
    Type element = vecType.getElementType();
    Type memType = memoryType(element, rewriter);
    auto memVec = VectorType::get(vecType.getShape(), memType);
    Value other = adaptor.getOther();
    if (!other)
      other = zeroOf(rewriter, loc, memVec);
    else if (memType != element)
      other = arith::ExtUIOp::create(rewriter, loc, memVec, other);
    VectorPlan plan = planVectors(op, op.getPtr(), op.getMask(), lc);
    // Many masked accesses are predicated PTX too, with the default hints,
    // and those of blocks whose masked loads hold many registers
    // (LoadPredication.cpp).
    bool predicated =
        hinted ||
        (adaptor.getMask() && !op.getIsVolatile() &&
         (predicatedInPTX(op.getPtr(), element,
                          memVec.getNumElements() / plan.width) ||
          lc.predicatedLoads.contains(op)));
    const CacheHints *h = predicated ? &*hints : nullptr;
    Value policy = h ? createL2Policy(rewriter, loc, *h) : Value();
    Value loaded =
        plan.width > 1
            ? loadGroups(op, adaptor, rewriter, memVec, other, plan.width, h,
                         policy)
            : loadRegisters(op, adaptor, rewriter, memVec, other, h, policy);
    if (memType != element)
      loaded = arith::TruncIOp::create(rewriter, loc, vecType, loaded);
    rewriter.replaceOp(op, loaded);
    return success();
  }

private:
  /// A scalar load: hinted (inline PTX, predicated), plain, or under an
  /// scf.if with `other` (or zero) when masked off.
  Value loadScalar(tir::LoadOp op, Adaptor adaptor,
                   ConversionPatternRewriter &rewriter,
                   const CacheHints *hints) const {
    Location loc = op.getLoc();
    Type type = op.getType();
    Type memType = memoryType(type, rewriter);
    if (hints) {
      Value other = adaptor.getOther();
      if (!other)
        other = zeroOf(rewriter, loc, memType);
      else if (memType != type)
        other = arith::ExtUIOp::create(rewriter, loc, memType, other);
      Value policy = createL2Policy(rewriter, loc, *hints);
      Value v = hintedLoad(rewriter, loc, VectorType::get({1}, memType),
                           adaptor.getPtr(), adaptor.getMask(),
                           asVector1(rewriter, loc, other), *hints, policy);
      v = vector::ExtractOp::create(rewriter, loc, v, 0);
      if (memType != type)
        v = arith::TruncIOp::create(rewriter, loc, type, v);
      return v;
    }
    auto load = [&](OpBuilder &b, Location l) -> Value {
      Value v = LLVM::LoadOp::create(b, l, memType, adaptor.getPtr(),
                                     alignmentOf(memType), op.getIsVolatile());
      if (memType != type)
        v = arith::TruncIOp::create(b, l, type, v);
      return v;
    };
    if (!adaptor.getMask())
      return load(rewriter, loc);
    Value other = adaptor.getOther();
    if (!other)
      other = zeroOf(rewriter, loc, type);
    return scf::IfOp::create(
               rewriter, loc, adaptor.getMask(),
               [&](OpBuilder &b, Location l) {
                 scf::YieldOp::create(b, l, load(b, l));
               },
               [&](OpBuilder &b, Location l) {
                 scf::YieldOp::create(b, l, other);
               })
        .getResult(0);
  }

  /// One vector load per group of `v` registers, predicated on the group's
  /// mask (constant over it), `other` where masked off.
  Value loadGroups(tir::LoadOp op, Adaptor adaptor,
                   ConversionPatternRewriter &rewriter, VectorType memVec,
                   Value other, int64_t v, const CacheHints *hints,
                   Value policy) const {
    Location loc = op.getLoc();
    Type memType = memVec.getElementType();
    auto groupType = VectorType::get({v}, memType);
    unsigned align = v * alignmentOf(memType);
    SmallVector<Value> registers;
    for (int64_t r0 = 0; r0 < memVec.getNumElements(); r0 += v) {
      Value ptr =
          vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r0);
      auto load = [&](OpBuilder &b, Location l) -> Value {
        return LLVM::LoadOp::create(b, l, groupType, ptr, align,
                                    op.getIsVolatile());
      };
      Value m = adaptor.getMask() ? vector::ExtractOp::create(
                                        rewriter, loc, adaptor.getMask(), r0)
                                  : Value();
      Value group;
      if (hints) {
        // Predicated in the asm: no branch.
        group = hintedLoad(rewriter, loc, groupType, ptr, m,
                           slice(rewriter, loc, other, r0, v), *hints, policy);
      } else if (m) {
        Value otherGroup = slice(rewriter, loc, other, r0, v);
        group = scf::IfOp::create(
                    rewriter, loc, m,
                    [&](OpBuilder &b, Location l) {
                      scf::YieldOp::create(b, l, load(b, l));
                    },
                    [&](OpBuilder &b, Location l) {
                      scf::YieldOp::create(b, l, otherGroup);
                    })
                    .getResult(0);
      } else {
        group = load(rewriter, loc);
      }
      appendElements(rewriter, loc, group, registers);
    }
    return vector::FromElementsOp::create(rewriter, loc, memVec, registers);
  }

  /// Register by register: hinted or predicated accesses, volatile loads
  /// under their masks (a gather has no volatile form), or masked gathers
  /// of at most kGatherChunk registers.
  Value loadRegisters(tir::LoadOp op, Adaptor adaptor,
                      ConversionPatternRewriter &rewriter, VectorType memVec,
                      Value other, const CacheHints *hints,
                      Value policy) const {
    Location loc = op.getLoc();
    Type memType = memVec.getElementType();
    int64_t n = memVec.getNumElements();
    if (hints) {
      SmallVector<Value> registers;
      auto one = VectorType::get({1}, memType);
      for (int64_t r = 0; r < n; ++r) {
        Value ptr =
            vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r);
        Value m = adaptor.getMask() ? vector::ExtractOp::create(
                                          rewriter, loc, adaptor.getMask(), r)
                                    : Value();
        Value v = hintedLoad(rewriter, loc, one, ptr, m,
                             slice(rewriter, loc, other, r, 1), *hints, policy);
        appendElements(rewriter, loc, v, registers);
      }
      return vector::FromElementsOp::create(rewriter, loc, memVec, registers);
    }
    Value mask = adaptor.getMask() ? adaptor.getMask()
                                   : allTrue(rewriter, loc, n);
    if (!op.getIsVolatile() && n <= kGatherChunk)
      return LLVM::masked_gather::create(
          rewriter, loc, memVec, adaptor.getPtr(), mask, ValueRange{other},
          rewriter.getI32IntegerAttr(alignmentOf(memType)));
    if (!op.getIsVolatile()) {
      // Gathers of kGatherChunk registers each: LLVM expands a masked
      // gather into a branch per element that joins the whole vector in a
      // phi, and the register coalescer takes time quadratic in its width
      // over those (3.3 s for 128 registers).
      SmallVector<Value> registers;
      for (int64_t r0 = 0; r0 < n; r0 += kGatherChunk) {
        int64_t k = std::min(kGatherChunk, n - r0);
        Value chunk = LLVM::masked_gather::create(
            rewriter, loc, VectorType::get({k}, memType),
            slice(rewriter, loc, adaptor.getPtr(), r0, k),
            slice(rewriter, loc, mask, r0, k),
            ValueRange{slice(rewriter, loc, other, r0, k)},
            rewriter.getI32IntegerAttr(alignmentOf(memType)));
        appendElements(rewriter, loc, chunk, registers);
      }
      return vector::FromElementsOp::create(rewriter, loc, memVec, registers);
    }
    SmallVector<Value> registers;
    for (int64_t r = 0; r < n; ++r) {
      Value ptr = vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r);
      Value m = vector::ExtractOp::create(rewriter, loc, mask, r);
      Value o = vector::ExtractOp::create(rewriter, loc, other, r);
      Value v = scf::IfOp::create(
                    rewriter, loc, m,
                    [&](OpBuilder &b, Location l) {
                      scf::YieldOp::create(
                          b, l,
                          LLVM::LoadOp::create(b, l, memType, ptr,
                                               alignmentOf(memType),
                                               /*isVolatile=*/true)
                              .getResult());
                    },
                    [&](OpBuilder &b, Location l) {
                      scf::YieldOp::create(b, l, o);
                    })
                    .getResult(0);
      registers.push_back(v);
    }
    return vector::FromElementsOp::create(rewriter, loc, memVec, registers);
  }
};

struct StorePattern : LoweringPattern<tir::StoreOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(tir::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<CacheHints> hints =
        cacheHintsOf(op, op.getCache(), op.getEvict(), /*isStore=*/true, lc);
    if (failed(hints))
      return failure();
    bool hinted = !hints->empty() &&
                  getElementTypeOrSelf(op.getValue().getType()).isIntOrFloat();
    Value policy = hinted ? createL2Policy(rewriter, loc, *hints) : Value();
    Value value = adaptor.getValue();
    auto vecType = dyn_cast<VectorType>(value.getType());
    if (!vecType) {
      Type memType = memoryType(value.getType(), rewriter);
      if (memType != value.getType())
        value = arith::ExtUIOp::create(rewriter, loc, memType, value);
      // A scalar store is done by thread 0 alone (as in Triton): stores of
      // one value by every thread could land after a later store of the
      // program (say, after a lock's release by thread 0).
      Value cond = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq,
          lc.threadId(rewriter, loc),
          i32Const(rewriter, loc, 0));
      if (adaptor.getMask())
        cond = arith::AndIOp::create(rewriter, loc, cond, adaptor.getMask());
      if (hinted) {
        hintedStore(rewriter, loc, asVector1(rewriter, loc, value),
                    adaptor.getPtr(), cond, *hints, policy);
        rewriter.eraseOp(op);
        return success();
      }
      scf::IfOp::create(rewriter, loc, cond, [&](OpBuilder &b, Location l) {
        LLVM::StoreOp::create(b, l, value, adaptor.getPtr(),
                              alignmentOf(memType));
        scf::YieldOp::create(b, l);
      });
      rewriter.eraseOp(op);
      return success();
    }
    Type memType = memoryType(vecType.getElementType(), rewriter);
    if (memType != vecType.getElementType())
      value = arith::ExtUIOp::create(
          rewriter, loc, VectorType::get(vecType.getShape(), memType), value);
    VectorPlan plan = planVectors(op, op.getPtr(), op.getMask(), lc);
    // Many masked accesses are predicated PTX too, with the default hints.
    bool predicated =
        hinted || (adaptor.getMask() &&
                   predicatedInPTX(op.getPtr(), vecType.getElementType(),
                                   vecType.getNumElements() / plan.width));
    if (plan.width > 1) {
      // One vector store per group of registers, under the group's mask.
      // With predicate-stores, masked groups in global memory are
      // predicated PTX whatever their number. Under a branch, LLVM sinks
      // the computation of the stored values into it: tutorial 04's seeded
      // dropout computes its two philox halves one after the other, not
      // interleaved (predicated: +3.6% at 2^24 on the H100); but tutorial
      // 05's layer norm forward then issues all its loads before any
      // compute, and loses 15% predicated (bench/NOTES.md, session 20).
      predicated = predicated ||
                   (lc.predicateStores && adaptor.getMask() &&
                    globalIntOrFloat(op.getPtr(), vecType.getElementType()));
      int64_t v = plan.width;
      unsigned align = v * alignmentOf(memType);
      for (int64_t r0 = 0; r0 < vecType.getNumElements(); r0 += v) {
        Value ptr = vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(),
                                              r0);
        Value group = slice(rewriter, loc, value, r0, v);
        auto store = [&](OpBuilder &b, Location l) {
          LLVM::StoreOp::create(b, l, group, ptr, align);
        };
        if (predicated) {
          Value m = adaptor.getMask() ? vector::ExtractOp::create(
                                            rewriter, loc, adaptor.getMask(), r0)
                                      : Value();
          hintedStore(rewriter, loc, group, ptr, m, *hints, policy);
        } else if (adaptor.getMask()) {
          Value m = vector::ExtractOp::create(rewriter, loc, adaptor.getMask(),
                                              r0);
          scf::IfOp::create(rewriter, loc, m, [&](OpBuilder &b, Location l) {
            store(b, l);
            scf::YieldOp::create(b, l);
          });
        } else {
          store(rewriter, loc);
        }
      }
      rewriter.eraseOp(op);
      return success();
    }
    if (predicated) {
      // One hinted (predicated) access per register, under its mask.
      for (int64_t r = 0; r < vecType.getNumElements(); ++r) {
        Value ptr =
            vector::ExtractOp::create(rewriter, loc, adaptor.getPtr(), r);
        Value m = adaptor.getMask() ? vector::ExtractOp::create(
                                          rewriter, loc, adaptor.getMask(), r)
                                    : Value();
        hintedStore(rewriter, loc, slice(rewriter, loc, value, r, 1), ptr, m,
                    *hints, policy);
      }
      rewriter.eraseOp(op);
      return success();
    }
    Value mask = adaptor.getMask()
                     ? adaptor.getMask()
                     : allTrue(rewriter, loc, vecType.getNumElements());
    LLVM::masked_scatter::create(rewriter, loc, value, adaptor.getPtr(), mask,
                                 rewriter.getI32IntegerAttr(alignmentOf(memType)));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateMemoryPatterns(TypeConverter &converter,
                            RewritePatternSet &patterns, LoweringContext &lc) {
  patterns.add<LoadPattern, StorePattern>(converter, patterns.getContext(), lc);
}

} // namespace trident::gir_to_llvm
