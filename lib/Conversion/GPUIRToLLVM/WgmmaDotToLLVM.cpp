//===- WgmmaDotToLLVM.cpp - tir.dot on Hopper's warpgroup MMA -------------===//
//
// A `tir.dot` whose accumulator has the #gir.wgmma layout runs on sm_90a's
// `wgmma.mma_async`: each warpgroup multiplies an m64 x instrN slice, reading
// both operands from shared memory through matrix descriptors.
//
// Two forms: `nvgir.warpgroup_dot` takes its operands in shared memory already
// (#gir.nvmma_shared buffers filled by the pipeliner's async copies);
// `tir.dot` takes them in registers (any distributed layout), and each
// thread first writes its elements into two such buffers. Either way:
//
//   fence.proxy.async (generic-proxy writes become visible to wgmma)
//   bar.sync
//   wgmma.fence
//   per row repetition, per K step: wgmma.mma_async
//   wgmma.commit_group; wgmma.wait_group 0
//
// An fp8 dot with max_num_imprecise_acc L (32 <= L <= K) goes through K in
// runs of L / 32 steps instead: per run a wgmma.fence, the MMAs from zero
// (scale-d 0 on the run's first step), commit, wait, then an f32 add of
// the run's sums into the accumulator (Triton's promotion on Hopper).
//
// An operand buffer is cut along its contiguous dimension into atoms of
// `swizzle` bytes (32, 64 or 128) per row, every row of the other dimension
// in each atom, the 16-byte chunks of row r XORed with bits of r (see
// #gir.nvmma_shared). The contiguous dimension is K ("K-major") or M / N
// ("MN-major", which wgmma reads with its transpose flag; 16-bit types
// only: tf32 and fp8 (e4m3, e5m2, k32 per instruction, any mix of the
// two) operands are K-major).
//
// Descriptor fields (64 bits): start address >> 4 in bits 0-13, leading
// byte offset >> 4 in 16-29, stride byte offset >> 4 in 32-45, swizzle mode
// in 62-63 (1: 128 B, 2: 64 B, 3: 32 B). K-major: the leading offset is
// unused, the stride offset is the distance between groups of 8 rows
// (8 * swizzle). MN-major: the leading offset is the distance between atoms
// (the next `swizzle` bytes of M or N), the stride offset the distance
// between groups of 8 rows of K. A K step inside an atom row advances the
// start address by the step's bytes; the hardware applies the XOR on the
// address bits, which is why the buffers are 1024-byte aligned.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"

#include "trident/Dialect/NVGIR/IR/NVGIR.h"
#include "trident/Conversion/GPUIRToLLVM/SharedLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

#include <map>

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

/// The start address field of a descriptor at `base` (i64 shared
/// address): bits 4-17 of the address, zero-extended to 64 bits. Made once
/// per operand; descriptorAt moves it. The field is extracted by an opaque
/// `bfe` so that LLVM does not learn its low bits from the buffer's
/// alignment: it would then turn each K step's add into an `or` of a
/// different constant, which ptxas cannot rematerialize from one base, and
/// an operand read by a whole loop would keep one 64-bit descriptor per K
/// step live (spilled in attention's backward), where one uniform register
/// pair and an add per K step do.
Value descriptorLow(OpBuilder &b, Location loc, Value base) {
  Value addr = arith::TruncIOp::create(b, loc, b.getI32Type(), base);
  Value start = LLVM::InlineAsmOp::create(
                    b, loc, b.getI32Type(), ValueRange{addr},
                    "bfe.u32 $0, $1, 4, 14;", "=r,r",
                    /*has_side_effects=*/false, /*is_align_stack=*/false,
                    LLVM::tailcallkind::TailCallKind::None,
                    LLVM::AsmDialectAttr(), ArrayAttr())
                    .getResult(0);
  return arith::ExtUIOp::create(b, loc, b.getI64Type(), start);
}

/// The descriptor of `layout` at `offset` bytes past the address of `low`
/// (descriptorLow): one 64-bit add of the leading offset, stride offset,
/// swizzle mode and offset / 16, which cannot carry out of the start field
/// (shared memory ends below 2^18 bytes, the field holds 2^14 units of 16),
/// as Triton moves its descriptors.
Value descriptorAt(OpBuilder &b, Location loc, Value low,
                   const OperandLayout &layout, int64_t offset) {
  int64_t fields = ((layout.strideOffset() >> 4) << 32) |
                   (layout.mode() << 62) |
                   ((layout.leadingOffset() >> 4) << 16) | (offset >> 4);
  return arith::AddIOp::create(
      b, loc, low, arith::ConstantIntOp::create(b, loc, fields, 64));
}

/// The wgmma operand type for `elem`, if warpgroup MMA takes it.
std::optional<NVVM::WGMMATypes> wgmmaTypeOf(Type elem,
                                            tir::InputPrecision precision) {
  if (elem.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (elem.isF16())
    return NVVM::WGMMATypes::f16;
  if (elem.isF32() && precision == tir::InputPrecision::TF32)
    return NVVM::WGMMATypes::tf32;
  if (isa<Float8E4M3FNType>(elem))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(elem))
    return NVVM::WGMMATypes::e5m2;
  return std::nullopt;
}

bool isFp8(NVVM::WGMMATypes type) {
  return type == NVVM::WGMMATypes::e4m3 || type == NVVM::WGMMATypes::e5m2;
}

/// The wgmma types of A and B: one type, or two 8-bit float types (wgmma
/// takes any mix of e4m3 and e5m2).
std::optional<std::pair<NVVM::WGMMATypes, NVVM::WGMMATypes>>
wgmmaTypesOf(Type a, Type b, tir::InputPrecision precision) {
  std::optional<NVVM::WGMMATypes> ta = wgmmaTypeOf(a, precision);
  std::optional<NVVM::WGMMATypes> tb = wgmmaTypeOf(b, precision);
  if (!ta || !tb || (*ta != *tb && !(isFp8(*ta) && isFp8(*tb))))
    return std::nullopt;
  return std::make_pair(*ta, *tb);
}

/// Whether wgmma reads operands of `type` MN-major (its transpose flags
/// exist for 16-bit types only; tf32 and fp8 operands must be K-major).
bool transposable(NVVM::WGMMATypes type) {
  return type == NVVM::WGMMATypes::bf16 || type == NVVM::WGMMATypes::f16;
}

/// The K-major layout a register A of M x K elements is staged in.
OperandLayout stagedALayout(int64_t m, int64_t k, int64_t elemBytes) {
  return {m, k, elemBytes, std::min<int64_t>(128, k * elemBytes),
          /*kMajor=*/true};
}

/// How a tir.dot on wgmma stages its register operands: A K-major; B
/// N-major where wgmma can transpose it (16-bit types), so that its rows
/// are the loads' contiguous N runs, else (tf32, fp8) K-major whatever
/// the register tile's order: staging writes element by element.
std::pair<OperandLayout, OperandLayout>
stagedLayouts(int64_t m, int64_t k, int64_t n, int64_t elemBytes,
              NVVM::WGMMATypes type) {
  OperandLayout a = stagedALayout(m, k, elemBytes);
  bool bKMajor = !transposable(type) || n * elemBytes < 32;
  OperandLayout b =
      bKMajor ? OperandLayout{n, k, elemBytes,
                              std::min<int64_t>(128, k * elemBytes), true}
              : OperandLayout{k, n, elemBytes,
                              std::min<int64_t>(128, n * elemBytes), false};
  return {a, b};
}

/// One `wgmma.mma_async` as inline PTX whose scale-d is the run-time
/// `useC` (i1; null: 1): d = A * B + (useC ? d : 0). NVVM's op takes
/// scale-d as an attribute only, and A from a descriptor only. `a` is A's
/// descriptor (i64) or, for 16-bit types, its four 32-bit registers (the
/// warpgroup's 64 x 16 slice: mma.m16n8k16's A fragment, warp w of the
/// warpgroup taking rows 16 w on). The operand order is the one NVVM emits
/// (accumulators, A, B's descriptor, scale-d, scale-a, scale-b, then the
/// transposes of 16-bit types: A's only when A is a descriptor).
Value wgmmaInlineAsm(OpBuilder &b, Location loc, LLVM::LLVMStructType type,
                     Value d, ValueRange a, Value descB, Value useC,
                     StringRef shapeAndTypes, bool transposable, bool transA,
                     bool transB) {
  unsigned n = type.getBody().size();
  SmallVector<Value> operands;
  for (unsigned i = 0; i < n; ++i)
    operands.push_back(LLVM::ExtractValueOp::create(b, loc, d, i));
  operands.append(a.begin(), a.end());
  operands.push_back(descB);
  operands.push_back(
      useC ? arith::ExtUIOp::create(b, loc, b.getI32Type(), useC).getResult()
           : i32Const(b, loc, 1));
  auto arg = [](size_t i) { return "$" + std::to_string(i); };
  bool regA = a.size() > 1;
  size_t bAt = 2 * n + a.size();
  std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, " + arg(bAt + 1) +
                     ", 0;\nwgmma.mma_async." + shapeAndTypes.str() + " {";
  std::string constraints;
  for (unsigned i = 0; i < n; ++i) {
    text += (i ? ", " : "") + arg(i);
    constraints += (i ? ",=f" : "=f");
  }
  text += "}, ";
  if (regA) {
    text += "{";
    for (size_t i = 0; i < a.size(); ++i)
      text += (i ? ", " : "") + arg(2 * n + i);
    text += "}";
  } else {
    text += arg(2 * n);
  }
  text += ", " + arg(bAt) + ", p, 1, 1";
  if (transposable && !regA)
    text += std::string(", ") + (transA ? "1" : "0");
  if (transposable)
    text += std::string(", ") + (transB ? "1" : "0");
  text += ";\n}\n";
  for (unsigned i = 0; i < n; ++i)
    constraints += "," + std::to_string(i);
  for (size_t i = 0; i < a.size(); ++i)
    constraints += regA ? ",r" : ",l";
  constraints += ",l,r";
  return LLVM::InlineAsmOp::create(
             b, loc, type, operands, b.getStringAttr(text),
             b.getStringAttr(constraints), /*has_side_effects=*/b.getUnitAttr(),
             UnitAttr(), LLVM::TailCallKindAttr(), LLVM::AsmDialectAttr(),
             ArrayAttr())
      .getResult(0);
}

/// For a register A of 16-bit elements whose layout holds it the way
/// wgmma's register fragment does (lane bits: columns 2 and 4, rows 1, 2
/// and 4; warp bits: rows 16, 32, ...: the wgmma accumulator layout of the
/// dot that produced it, as attention's P), the A register of each element
/// of each fragment: [(rm * kSteps + ks) * 8 + e] for row repetition rm, K
/// step ks and element e (pairs e = 2j, 2j+1 make 32-bit register j: rows
/// +8 for odd j, columns +8 for j >= 2). Fails for any other layout (the
/// caller stages A through shared memory instead).
FailureOr<SmallVector<int64_t>> registerAFragment(const LayoutMap &map,
                                                  int64_t warps) {
  if (map.rank() != 2 || map.ctaSplit() != 1 || map.numLanes() != 32)
    return failure();
  const int64_t laneRows[5] = {0, 0, 1, 2, 4}, laneCols[5] = {2, 4, 0, 0, 0};
  for (unsigned i = 0; i < 5; ++i) {
    SmallVector<int64_t> c = map.laneCoords(int64_t(1) << i);
    if (c[0] != laneRows[i] || c[1] != laneCols[i])
      return failure();
  }
  if (!map.threadBitSteps(1, /*lanes=*/false).empty())
    return failure();
  auto warpRows = map.threadBitSteps(0, /*lanes=*/false);
  if (int64_t(1) << warpRows.size() != warps)
    return failure();
  for (auto [i, step] : llvm::enumerate(warpRows))
    if (step.first != i || step.second != (int64_t(16) << i))
      return failure();
  int64_t m = map.getShape()[0], k = map.getShape()[1];
  if (m % (16 * warps) != 0 || k % 16 != 0)
    return failure();
  std::map<SmallVector<int64_t>, int64_t> regOf;
  for (int64_t r = 0; r < map.numRegisters(); ++r)
    regOf.emplace(map.registerCoords(r), r);
  SmallVector<int64_t> regs;
  for (int64_t rm = 0; rm < m / (16 * warps); ++rm)
    for (int64_t ks = 0; ks < k / 16; ++ks)
      for (int64_t e = 0; e < 8; ++e) {
        int64_t j = e / 2;
        SmallVector<int64_t> c = {rm * 16 * warps + 8 * (j & 1),
                                  ks * 16 + 8 * (j >> 1) + (e & 1)};
        auto it = regOf.find(c);
        if (it == regOf.end())
          return failure();
        regs.push_back(it->second);
      }
  return regs;
}

/// The PTX name of a wgmma type.
StringRef ptxTypeName(NVVM::WGMMATypes type) {
  switch (type) {
  case NVVM::WGMMATypes::bf16:
    return "bf16";
  case NVVM::WGMMATypes::f16:
    return "f16";
  case NVVM::WGMMATypes::tf32:
    return "tf32";
  case NVVM::WGMMATypes::e4m3:
    return "e4m3";
  case NVVM::WGMMATypes::e5m2:
    return "e5m2";
  default:
    return "";
  }
}

/// `wgmma.wait_group 0` as inline PTX that takes and returns `values` (f32
/// registers, each output tied to its input), so that nothing reads them
/// before the wait.
SmallVector<Value> waitForRegisters(OpBuilder &b, Location loc,
                                    ArrayRef<Value> values) {
  std::string constraints;
  for (size_t i = 0; i < values.size(); ++i)
    constraints += (i ? ",=f" : "=f");
  for (size_t i = 0; i < values.size(); ++i)
    constraints += "," + std::to_string(i);
  auto type = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(values.size(), b.getF32Type()));
  Value waited =
      LLVM::InlineAsmOp::create(
          b, loc, type, values,
          b.getStringAttr("wgmma.wait_group.sync.aligned 0;"),
          b.getStringAttr(constraints), /*has_side_effects=*/b.getUnitAttr(),
          UnitAttr(), LLVM::TailCallKindAttr(), LLVM::AsmDialectAttr(),
          ArrayAttr())
          .getResult(0);
  SmallVector<Value> out;
  for (size_t i = 0; i < values.size(); ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, waited, i));
  return out;
}

/// K steps per promoted run of a dot whose max_num_imprecise_acc is
/// `bound` over `k` (elements of `instrK` per step): 0 when the whole K
/// sums at wgmma's precision (no bound, or one above K), failure when the
/// bound is below one step.
FailureOr<int64_t> promotionSteps(int64_t bound, int64_t k, int64_t instrK) {
  if (bound <= 0 || bound > k)
    return int64_t(0);
  if (bound < instrK)
    return failure();
  return bound / instrK;
}

/// acc += A * B with both operands in shared memory (`aBuf`, `bBuf`,
/// address space 3 pointers), for an accumulator of `cType` (#gir.wgmma)
/// held as the per-thread vector `acc`. Fails (without changing the IR)
/// when the shapes do not split into wgmma instructions.
///
/// With `runSteps` (> 0; fp8 max_num_imprecise_acc), the K steps go in
/// runs of that many: each run's MMAs start from zero (scale-d 0 on its
/// first step), are committed and waited for, and the run's sums are
/// added to the accumulator in f32 (`acc` unread when `zeroC`; with
/// `useC`, acc counts only where it is true). The result is then complete
/// whatever `wait` says.
FailureOr<Value> emitWarpgroupMma(OpBuilder &b, Location loc,
                                  LoweringContext &lc, Value acc,
                                  RankedTensorType cType, Value aBuf,
                                  const OperandLayout &aLayout, Value bBuf,
                                  const OperandLayout &bLayout,
                                  NVVM::WGMMATypes typeA,
                                  NVVM::WGMMATypes typeB, bool wait = true,
                                  Value useC = {},
                                  ArrayRef<Value> aRegisters = {},
                                  bool zeroC = false, int64_t runSteps = 0) {
  MLIRContext *ctx = b.getContext();
  auto encoding = cast<gir::WgmmaEncodingAttr>(cType.getEncoding());
  // In a cluster, an accumulator split over the CTAs (gir-split-ctas) has
  // the CTA's block of rows, `m` of them: A holds just those rows (split
  // with it) or all of them, from which the CTA takes rows
  // (rank % split) * m on.
  int64_t split = gir::getCTASplit(cType);
  int64_t m = cType.getDimSize(0) / split, n = cType.getDimSize(1);
  int64_t k = aLayout.kMajor ? aLayout.inner : aLayout.rows;
  int64_t aRows = aLayout.kMajor ? aLayout.rows : aLayout.inner;
  if (split > 1 && aRows != m && aRows != m * split)
    return failure();
  bool aWhole = split > 1 && aRows == m * split;
  int64_t elemBytes = aLayout.elemBytes;
  int64_t instrK = 32 / elemBytes;
  int64_t instrN = encoding.getInstrN();
  // `warps` along M (whole warpgroups of rows), `warpsN` warpgroups side
  // by side along N (each its own instrN columns of every repetition).
  int64_t warps = encoding.getWarpsPerCTA()[0];
  int64_t warpsN = encoding.getWarpsPerCTA()[1];
  // Both operands 16-bit, or both K-major (tf32, fp8: no transpose).
  bool canTranspose = transposable(typeA) && transposable(typeB);
  if (k % instrK != 0 || n % (instrN * warpsN) != 0 ||
      m % (16 * warps) != 0 ||
      ((!aLayout.kMajor || !bLayout.kMajor) && !canTranspose) ||
      // an M-major A: each warpgroup's 64 rows must start an atom row
      (!aLayout.kMajor && aLayout.elemsPerAtomRow() > 64))
    return failure();

  // A in registers (aRegisters: four 32-bit registers per row repetition
  // and K step, from registerAFragment) takes no descriptor.
  bool regA = !aRegisters.empty();
  Type i64 = b.getI64Type();
  Value aBase = regA ? arith::ConstantIntOp::create(b, loc, 0, 64).getResult()
                     : LLVM::PtrToIntOp::create(b, loc, i64, aBuf).getResult();
  Value bBase = LLVM::PtrToIntOp::create(b, loc, i64, bBuf);
  // Each warpgroup takes its own 64 rows of A and its own instrN columns
  // of B: warpgroup g = warp / 4 sits at row group gM = g % (warps / 4),
  // column group gN = g / (warps / 4), and starts at row 64 gM and column
  // instrN gN of every repetition (the warpgroups along N share A's rows).
  auto [lane, warp] = lc.laneAndWarp(b, loc);
  (void)lane;
  // (Read from lane 0 by a shuffle: the same in every lane, which tells
  // ptxas the A descriptors are warp-uniform and can be made on the
  // uniform datapath, not in vector registers moved there per wgmma.)
  Value group = NVVM::ShflOp::create(
      b, loc, b.getI32Type(), i32Const(b, loc, -1),
      arith::DivUIOp::create(b, loc, warp, i32Const(b, loc, 4)),
      i32Const(b, loc, 0), i32Const(b, loc, 0x1f), NVVM::ShflKind::idx,
      UnitAttr());
  int64_t groupsM = warps / 4;
  Value groupM = group, groupN;
  if (warpsN > 1) {
    groupM = arith::RemUIOp::create(b, loc, group, i32Const(b, loc, groupsM));
    groupN = arith::DivUIOp::create(b, loc, group, i32Const(b, loc, groupsM));
  }
  int64_t groupRowBytes = aLayout.subTileOffset(64, 0) -
                          aLayout.subTileOffset(0, 0);
  Value groupOff = arith::ExtUIOp::create(
      b, loc, i64,
      arith::MulIOp::create(b, loc, groupM, i32Const(b, loc, groupRowBytes)));
  aBase = arith::AddIOp::create(b, loc, aBase, groupOff);
  if (groupN) {
    // B's byte offset of column instrN * gN (subTileOffset at run time: an
    // N-major B's columns cross swizzle atoms every elemsPerAtomRow).
    Value col = arith::MulIOp::create(b, loc, groupN, i32Const(b, loc, instrN));
    Value colOff;
    if (bLayout.kMajor) {
      colOff = arith::MulIOp::create(b, loc, col,
                                     i32Const(b, loc, bLayout.swizzle));
    } else {
      int64_t perRow = bLayout.elemsPerAtomRow();
      Value atom =
          arith::DivUIOp::create(b, loc, col, i32Const(b, loc, perRow));
      Value within =
          arith::RemUIOp::create(b, loc, col, i32Const(b, loc, perRow));
      colOff = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, atom,
                                i32Const(b, loc, bLayout.atomBytes())),
          arith::MulIOp::create(b, loc, within,
                                i32Const(b, loc, bLayout.elemBytes)));
    }
    bBase = arith::AddIOp::create(b, loc, bBase,
                                  arith::ExtUIOp::create(b, loc, i64, colOff));
  }
  if (aWhole) {
    Value block = arith::RemUIOp::create(b, loc, lc.ctaRank(b, loc),
                                         i32Const(b, loc, split));
    Value blockOff = arith::ExtUIOp::create(
        b, loc, i64,
        arith::MulIOp::create(b, loc, block,
                              i32Const(b, loc, m / 64 * groupRowBytes)));
    aBase = arith::AddIOp::create(b, loc, aBase, blockOff);
  }

  Type f32 = b.getF32Type();
  int64_t perInstr = instrN / 2;
  int64_t repN = n / (instrN * warpsN), repM = m / (16 * warps);
  auto structType =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(perInstr, f32));
  auto shape = NVVM::MMAShapeAttr::get(ctx, 64, instrN, instrK);
  auto layoutA = NVVM::MMALayoutAttr::get(
      ctx, aLayout.kMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col);
  auto layoutB = NVVM::MMALayoutAttr::get(
      ctx, bLayout.kMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row);
  auto typeInA = NVVM::WGMMATypesAttr::get(ctx, typeA);
  auto typeInB = NVVM::WGMMATypesAttr::get(ctx, typeB);
  auto typeD = NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32);
  auto scaleD = NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one);
  auto scaleZero =
      NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::zero);
  auto scaleIn = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);

  // The first K step's scale-d for a register A (inline PTX): constant 0
  // for a zero accumulator (and for each promoted run's first step).
  int64_t steps = k / instrK;
  bool promote = runSteps > 0;
  int64_t run = promote ? runSteps : steps;
  Value noC = regA && (promote || zeroC)
                  ? arith::ConstantIntOp::create(b, loc, 0, 1).getResult()
                  : Value();
  std::string name = "sync.aligned.m64n" + std::to_string(instrN) + "k" +
                     std::to_string(instrK) + ".f32." +
                     ptxTypeName(typeA).str() + "." + ptxTypeName(typeB).str();
  SmallVector<Value> out(repM * repN * perInstr);
  // Promoting: the f32 sums the runs are added to (empty while the
  // accumulator is zero and no run has been added).
  SmallVector<Value> total;
  if (promote && !zeroC) {
    Value zero = LLVM::ConstantOp::create(b, loc, f32, b.getF32FloatAttr(0));
    for (int64_t i = 0; i < int64_t(out.size()); ++i) {
      Value v = vector::ExtractOp::create(b, loc, acc, i);
      if (useC)
        v = arith::SelectOp::create(b, loc, useC, v, zero);
      total.push_back(v);
    }
  }
  Value aLow = regA ? Value() : descriptorLow(b, loc, aBase);
  Value bLow = descriptorLow(b, loc, bBase);
  for (int64_t s0 = 0; s0 < steps; s0 += run) {
    int64_t s1 = std::min(steps, s0 + run);
    // (Before each run: the registers of the previous run's sums were read
    // by the adds.)
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    for (int64_t rm = 0; rm < repM; ++rm) {
      for (int64_t rn = 0; rn < repN; ++rn) {
        int64_t first = (rm * repN + rn) * perInstr;
        // A zero accumulator (or a run's fresh sums) is not read: the
        // first K step's scale-d is 0, and no register is zeroed for it.
        Value d = LLVM::UndefOp::create(b, loc, structType);
        if (!zeroC && !promote)
          for (int64_t i = 0; i < perInstr; ++i)
            d = LLVM::InsertValueOp::create(
                b, loc, d, vector::ExtractOp::create(b, loc, acc, first + i),
                i);
        for (int64_t ks = s0; ks < s1; ++ks) {
          // scale-d 0 (constant), the run-time `useC`, or 1.
          bool fresh = promote ? ks == s0 : zeroC && ks == 0;
          Value stepUseC = !promote && ks == 0 && !zeroC ? useC : Value();
          if (regA) {
            Value descB = descriptorAt(
                b, loc, bLow, bLayout,
                bLayout.subTileOffset(rn * instrN * warpsN, ks * instrK));
            d = wgmmaInlineAsm(
                b, loc, structType, d,
                aRegisters.slice((rm * steps + ks) * 4, 4), descB,
                fresh ? noC : stepUseC, name, /*transposable=*/true,
                /*transA=*/false, !bLayout.kMajor);
            continue;
          }
          Value descA =
              descriptorAt(b, loc, aLow, aLayout,
                           aLayout.subTileOffset(rm * 16 * warps, ks * instrK));
          Value descB = descriptorAt(
              b, loc, bLow, bLayout,
              bLayout.subTileOffset(rn * instrN * warpsN, ks * instrK));
          if (stepUseC) {
            // The first K step decides whether the old accumulator counts.
            d = wgmmaInlineAsm(b, loc, structType, d, descA, descB, stepUseC,
                               name, canTranspose, !aLayout.kMajor,
                               !bLayout.kMajor);
            continue;
          }
          d = NVVM::WgmmaMmaAsyncOp::create(
              b, loc, structType, d, descA, descB, shape, typeInA, typeInB,
              typeD, fresh ? scaleZero : scaleD, scaleIn, scaleIn, layoutA,
              layoutB, /*satfinite=*/NVVM::MMAIntOverflowAttr());
        }
        for (int64_t i = 0; i < perInstr; ++i)
          out[first + i] = LLVM::ExtractValueOp::create(b, loc, d, i);
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    if (!promote)
      break;
    // The run's sums, once written, join the accumulator in f32.
    SmallVector<Value> sums = waitForRegisters(b, loc, out);
    if (total.empty()) {
      total = sums;
      continue;
    }
    for (auto [t, sum] : llvm::zip(total, sums))
      t = LLVM::FAddOp::create(b, loc, t, sum);
  }
  if (promote)
    out = total;
  else if (wait)
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
  return vector::FromElementsOp::create(
             b, loc, cast<VectorType>(acc.getType()), out)
      .getResult();
}

/// Writes every register of `tile` (the converted value of a tile whose
/// layout map is `map`) into `buffer` (a 1024-byte aligned scratch buffer)
/// laid out as `layout`; `rowDim` is the tile dimension that becomes the
/// buffer's rows.
/// The staging of register operands, shared by tir.dot (both operands) and
/// nvgir.warpgroup_dot (a register A); the caller fences and synchronizes
/// before the MMAs read the buffer.
void stageRegisterOperand(OpBuilder &b, Location loc, LoweringContext &lc,
                          Value buffer, Value tile, const LayoutMap &map,
                          unsigned rowDim, const OperandLayout &layout) {
  auto [lane, warp] = lc.laneAndWarp(b, loc);
  SmallVector<Value> thread = map.threadCoords(b, loc, lane, warp);
  for (int64_t r = 0; r < map.numRegisters(); ++r) {
    SmallVector<int64_t> coords = map.registerCoords(r);
    Value row = arith::XOrIOp::create(b, loc, thread[rowDim],
                                      i32Const(b, loc, coords[rowDim]));
    Value in = arith::XOrIOp::create(b, loc, thread[1 - rowDim],
                                     i32Const(b, loc, coords[1 - rowDim]));
    Value byte = layout.offset(b, loc, row, in);
    Value ptr = LLVM::GEPOp::create(b, loc, buffer.getType(), b.getI8Type(),
                                    buffer, ValueRange{byte});
    LLVM::StoreOp::create(b, loc, vector::ExtractOp::create(b, loc, tile, r),
                          ptr);
  }
}

/// tir.dot with register operands: stage them in shared memory, then MMA.
struct WgmmaDotPattern : LoweringPattern<tir::DotOp> {
  WgmmaDotPattern(TypeConverter &tc, MLIRContext *ctx, LoweringContext &lc)
      : LoweringPattern(tc, ctx, lc, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(tir::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto cType = cast<RankedTensorType>(op.getType());
    if (!isa_and_nonnull<gir::WgmmaEncodingAttr>(cType.getEncoding()))
      return failure();
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Type elem = aType.getElementType();
    auto types = wgmmaTypesOf(elem, bType.getElementType(), op.getPrecision());
    // (wgmma's accumulator fragments are kept in f32 registers here.)
    if (!types || !cType.getElementType().isF32()) // the CUDA-core lowering
      return rewriter.notifyMatchFailure(op, "no wgmma for these operands");
    // (The rows of A this CTA holds: a block of them when A is split over
    // a cluster's CTAs.)
    int64_t m = gir::getCTABlockShape(aType)[0], k = aType.getDimSize(1);
    int64_t n = bType.getDimSize(1);
    int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
    if (k * elemBytes < 32)
      return rewriter.notifyMatchFailure(op, "K is narrower than one step");
    FailureOr<int64_t> runSteps =
        promotionSteps(op.getMaxNumImpreciseAcc(), k, 32 / elemBytes);
    if (failed(runSteps))
      return op.emitOpError("max_num_imprecise_acc = ")
             << op.getMaxNumImpreciseAcc()
             << " is below one wgmma K step (32 fp8 products): warpgroup "
                "MMA cannot keep it";
    auto [aLayout, bLayout] = stagedLayouts(m, k, n, elemBytes, types->second);
    bool bKMajor = bLayout.kMajor;

    FailureOr<LayoutMap> aMap = mapOf(aType, lc, op);
    FailureOr<LayoutMap> bMap = mapOf(bType, lc, op);
    if (failed(aMap) || failed(bMap))
      return failure();

    // Swizzled operands need 1024-byte aligned buffers: scratch so aligned
    // (wgmmaDotScratch; the MMAs are waited for before the op ends).
    Value aBuf = lc.scratchBuffer(rewriter, op, aLayout.bytes(), 1024);
    Value bBuf = lc.scratchBuffer(rewriter, op, bLayout.bytes(), 1024);
    // (scratchBuffer put the barrier before them: every warp is done with
    // the previous scratch user's bytes.)
    stageRegisterOperand(rewriter, loc, lc, aBuf, adaptor.getA(), *aMap,
                         /*rowDim=*/0, aLayout);
    stageRegisterOperand(rewriter, loc, lc, bBuf, adaptor.getB(), *bMap,
                         /*rowDim=*/bKMajor ? 1 : 0, bLayout);
    fenceAsyncShared(rewriter, loc);
    barrier(rewriter, loc);
    FailureOr<Value> result =
        emitWarpgroupMma(rewriter, loc, lc, adaptor.getC(), cType, aBuf,
                         aLayout, bBuf, bLayout, types->first, types->second,
                         /*wait=*/true, /*useC=*/{}, /*aRegisters=*/{},
                         matchPattern(op.getC(), m_AnyZeroFloat()),
                         *runSteps);
    if (failed(result))
      return op.emitOpError("does not split into wgmma instructions");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// Whether a register A of `op` feeds wgmma from registers as it is
/// (registerAFragment), with no staging: 16-bit elements held in the
/// fragment's layout by warpgroups of the accumulator's warps.
bool feedsRegisterFragment(nvgir::WarpgroupDotOp op, const LayoutMap &aMap) {
  auto aType = op.getRegisterA().getType();
  Type elem = aType.getElementType();
  auto cType = cast<RankedTensorType>(op.getType());
  auto acc = dyn_cast<gir::WgmmaEncodingAttr>(cType.getEncoding());
  // (With warpgroups along N, each needs all of A's rows: no fragment.)
  if (!acc || !(elem.isF16() || elem.isBF16()) ||
      gir::getCTASplit(cType) != 1 || acc.getWarpsPerCTA()[1] != 1)
    return false;
  int64_t warps = acc.getWarpsPerCTA()[0];
  return aMap.getShape()[0] == cType.getDimSize(0) &&
         succeeded(registerAFragment(aMap, warps));
}

/// The layout a register A of `op` is staged in (K-major, the CTA's rows).
FailureOr<OperandLayout> registerALayout(nvgir::WarpgroupDotOp op) {
  RankedTensorType aType = op.getRegisterA().getType();
  int64_t m = gir::getCTABlockShape(aType)[0], k = aType.getDimSize(1);
  int64_t elemBytes = aType.getElementType().getIntOrFloatBitWidth() / 8;
  if (k * elemBytes < 32)
    return failure();
  return stagedALayout(m, k, elemBytes);
}

/// nvgir.warpgroup_dot: B (and A, unless it is a register tile) already in
/// shared memory, made visible by the wait before it.
struct WarpgroupDotPattern : LoweringPattern<nvgir::WarpgroupDotOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(nvgir::WarpgroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    gir::MemDescType bType = op.getB().getType();
    auto regA = op.getRegisterA();
    Type aElem = regA ? regA.getType().getElementType()
                      : cast<gir::MemDescType>(op.getA().getType())
                            .getElementType();
    auto types = wgmmaTypesOf(aElem, bType.getElementType(),
                              op.getPrecision());
    if (!types)
      return op.emitOpError("warpgroup MMA takes bf16, f16, f32 with "
                            "precision = tf32, or f8E4M3FN / f8E5M2 "
                            "operands, got ")
             << aElem << " and " << bType.getElementType();
    Value aBuf = adaptor.getA();
    OperandLayout aLayout;
    SmallVector<Value> aRegisters;
    FailureOr<LayoutMap> aMap =
        regA ? mapOf(regA.getType(), lc, op) : FailureOr<LayoutMap>();
    if (regA && failed(aMap))
      return failure();
    if (regA && feedsRegisterFragment(op, *aMap)) {
      // Attention's P in the accumulator layout of the dot that made it:
      // pairs of its registers are A's fragment, packed, with no staging.
      auto acc = cast<gir::WgmmaEncodingAttr>(
          cast<RankedTensorType>(op.getType()).getEncoding());
      SmallVector<int64_t> regs =
          *registerAFragment(*aMap, acc.getWarpsPerCTA()[0]);
      Type half = regA.getType().getElementType();
      auto pairType = VectorType::get({2}, half);
      for (size_t e = 0; e < regs.size(); e += 2) {
        Value pair = vector::FromElementsOp::create(
            rewriter, loc, pairType,
            ValueRange{vector::ExtractOp::create(rewriter, loc, adaptor.getA(),
                                                 regs[e]),
                       vector::ExtractOp::create(rewriter, loc, adaptor.getA(),
                                                 regs[e + 1])});
        aRegisters.push_back(LLVM::BitcastOp::create(
            rewriter, loc, rewriter.getI32Type(), pair));
      }
      aLayout = *registerALayout(op);
    } else if (regA) {
      if (op.getAsync())
        return op.emitOpError("asynchronous with a register A that is not "
                              "wgmma's register fragment (it would be staged "
                              "through reused scratch)");
      // A register A (attention's p): staged into scratch as tir.dot
      // stages its operands (warpgroupDotScratch), then made visible to
      // the async proxy and to every warp.
      FailureOr<OperandLayout> staged = registerALayout(op);
      if (failed(staged))
        return op.emitOpError("K of a register A is narrower than one step");
      aLayout = *staged;
      aBuf = lc.scratchBuffer(rewriter, op, aLayout.bytes(), 1024);
      stageRegisterOperand(rewriter, loc, lc, aBuf, adaptor.getA(), *aMap,
                           /*rowDim=*/0, aLayout);
      fenceAsyncShared(rewriter, loc);
      barrier(rewriter, loc);
    } else {
      aLayout = layoutOf(cast<gir::MemDescType>(op.getA().getType()),
                         /*kDim=*/1);
    }
    int64_t k = aLayout.kMajor ? aLayout.inner : aLayout.rows;
    FailureOr<int64_t> runSteps = promotionSteps(
        op.getPromotionInterval(), k, 32 / aLayout.elemBytes);
    if (failed(runSteps))
      return op.emitOpError("max_num_imprecise_acc is below one K step");
    FailureOr<Value> result = emitWarpgroupMma(
        rewriter, loc, lc, adaptor.getC(),
        cast<RankedTensorType>(op.getType()), aBuf, aLayout, adaptor.getB(),
        layoutOf(bType, 0), types->first, types->second,
        /*wait=*/!op.getAsync(), adaptor.getUseC(), aRegisters,
        matchPattern(op.getC(), m_AnyZeroFloat()), *runSteps);
    if (failed(result))
      return op.emitOpError("operands do not split into wgmma instructions "
                            "(or an MN-major operand is not 16-bit: tf32 "
                            "and fp8 operands must be K-major)");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// nvgir.warpgroup_wait: `wgmma.wait_group N` as inline assembly that takes
/// and returns every accumulator register ("=f" tied to each input), so
/// that nothing reads or moves them before the wait.
struct WarpgroupWaitPattern : OpConversionPattern<nvgir::WarpgroupWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nvgir::WarpgroupWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Every register of the values goes through the wait's asm, tied in
    // and out: f32 as "f"; narrower elements (a register A in f16/bf16)
    // as the 32-bit words that hold them, "r"; 64-bit ones as "l".
    SmallVector<Value> scalars;
    SmallVector<Type> types;
    std::string outs, ins;
    SmallVector<VectorType> wordTypes;
    for (Value v : adaptor.getValues()) {
      auto vt = cast<VectorType>(v.getType());
      unsigned bits = vt.getElementType().getIntOrFloatBitWidth();
      VectorType words = vt;
      if (bits < 32) {
        int64_t total = vt.getNumElements() * bits;
        if (total % 32)
          return rewriter.notifyMatchFailure(op, "a value of odd width");
        words = VectorType::get({total / 32}, rewriter.getI32Type());
        v = LLVM::BitcastOp::create(rewriter, loc, words, v);
      }
      wordTypes.push_back(words);
      Type elt = words.getElementType();
      const char *code = elt.isF32() ? "f" : elt.getIntOrFloatBitWidth() == 64
                                                 ? "l"
                                                 : "r";
      for (int64_t i = 0; i < words.getNumElements(); ++i) {
        scalars.push_back(vector::ExtractOp::create(rewriter, loc, v, i));
        types.push_back(elt);
        outs += std::string(outs.empty() ? "=" : ",=") + code;
        ins += "," + std::to_string(scalars.size() - 1);
      }
    }
    auto structType =
        LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
    auto asmOp = LLVM::InlineAsmOp::create(
        rewriter, loc, structType, scalars,
        rewriter.getStringAttr("wgmma.wait_group.sync.aligned " +
                               std::to_string(op.getPending()) + ";"),
        rewriter.getStringAttr(outs + ins), rewriter.getUnitAttr(),
        UnitAttr(), LLVM::TailCallKindAttr(), LLVM::AsmDialectAttr(),
        ArrayAttr());
    SmallVector<Value> results;
    int64_t next = 0;
    for (auto [v, words] : llvm::zip(adaptor.getValues(), wordTypes)) {
      SmallVector<Value> elems;
      for (int64_t i = 0; i < words.getNumElements(); ++i)
        elems.push_back(LLVM::ExtractValueOp::create(
            rewriter, loc, asmOp.getResult(0), next++));
      Value out = vector::FromElementsOp::create(rewriter, loc, words, elems);
      if (out.getType() != v.getType())
        out = LLVM::BitcastOp::create(rewriter, loc, v.getType(), out);
      results.push_back(out);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateWgmmaDotPatterns(TypeConverter &converter,
                              RewritePatternSet &patterns,
                              LoweringContext &ctx) {
  patterns.add<WgmmaDotPattern, WarpgroupDotPattern>(
      converter, patterns.getContext(), ctx);
  patterns.add<WarpgroupWaitPattern>(converter, patterns.getContext());
}

SmallVector<ScratchRequest> warpgroupDotScratch(nvgir::WarpgroupDotOp op) {
  if (!op.getRegisterA())
    return {};
  FailureOr<LayoutMap> aMap = quietMapOf(op.getRegisterA().getType(), op);
  if (succeeded(aMap) && feedsRegisterFragment(op, *aMap))
    return {};
  FailureOr<OperandLayout> a = registerALayout(op);
  if (failed(a))
    return {};
  return {{a->bytes(), 1024}};
}

SmallVector<ScratchRequest> wgmmaDotScratch(tir::DotOp op) {
  auto cType = cast<RankedTensorType>(op.getType());
  if (!isa_and_nonnull<gir::WgmmaEncodingAttr>(cType.getEncoding()))
    return {};
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  Type elem = aType.getElementType();
  auto types = wgmmaTypesOf(elem, bType.getElementType(), op.getPrecision());
  int64_t m = gir::getCTABlockShape(aType)[0], k = aType.getDimSize(1);
  int64_t n = bType.getDimSize(1);
  int64_t elemBytes = elem.getIntOrFloatBitWidth() / 8;
  if (!types || k * elemBytes < 32 || !cType.getElementType().isF32())
    return {}; // the CUDA-core lowering
  auto [a, b] = stagedLayouts(m, k, n, elemBytes, types->second);
  return {{a.bytes(), 1024}, {b.bytes(), 1024}};
}

} // namespace trident::gir_to_llvm
