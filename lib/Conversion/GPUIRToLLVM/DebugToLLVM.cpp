//===- DebugToLLVM.cpp - tir.print and tir.assert on NVIDIA GPUs ----------===//
//
// tir.print calls CUDA's `vprintf(format, args)` (args: a local buffer of
// the arguments, each aligned to its size), with the CPU target's lines:
//
//   pid (0, 0, 0) idx (3) x = 1.500000
//
// A tile prints one line per element, from the one thread of each group of
// replicas that holds it (a register that repeats another of its thread is
// skipped); a scalar prints once per program, from thread 0.
//
//===----------------------------------------------------------------------===//
#include "Patterns.h"
#include "../Float8Casts.h"
#include "../FloatStorage.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <set>

using namespace mlir;
using namespace trident;

namespace trident::gir_to_llvm {
namespace {

std::string escape(StringRef s) {
  std::string out;
  for (char c : s) {
    out.push_back(c);
    if (c == '%')
      out.push_back('%');
  }
  return out;
}

/// The printf conversion of `v` and the value to pass (C's promotions:
/// floats as doubles, integers widened to 64 bits).
std::pair<std::string, Value> printfArg(OpBuilder &b, Location l, Value v,
                                        bool hex, bool isSigned) {
  Type t = v.getType();
  Type i64 = b.getI64Type();
  if (isa<LLVM::LLVMPointerType>(t))
    return {"%p", LLVM::PtrToIntOp::create(b, l, i64, v)};
  if (auto f = dyn_cast<FloatType>(t)) {
    // Narrow floats the back ends cannot convert print their bits (f8E4M3FN
    // and f8E5M2 convert: float8::expandCasts).
    if (hex || (conversion::isNonLLVMFloat(f) && !float8::formatOf(f))) {
      Value i = arith::BitcastOp::create(b, l, b.getIntegerType(f.getWidth()),
                                         v);
      if (f.getWidth() < 64)
        i = arith::ExtUIOp::create(b, l, i64, i);
      return {"0x%0" + std::to_string(f.getWidth() / 4) + "llx", i};
    }
    if (f.getWidth() < 64)
      v = arith::ExtFOp::create(b, l, b.getF64Type(), v);
    return {"%f", v};
  }
  unsigned width = t.getIntOrFloatBitWidth();
  if (width < 64 && isSigned && !hex)
    v = arith::ExtSIOp::create(b, l, i64, v);
  else if (width < 64)
    v = arith::ExtUIOp::create(b, l, i64, v);
  if (hex)
    return {"0x%0" + std::to_string((width + 3) / 4) + "llx", v};
  return {isSigned ? "%lld" : "%llu", v};
}

/// The printf width of an index into a dimension of `n` elements (the
/// digits of n - 1), so that the lines of a tile line up as Triton's.
std::string indexSpec(int64_t n) {
  return "%" + std::to_string(std::to_string(n > 1 ? n - 1 : 0).size()) +
         "d";
}

/// The address of a private constant global of `module` holding `text`
/// (NUL-terminated), shared by equal texts.
Value globalString(OpBuilder &rewriter, Location loc, ModuleOp module,
                   StringRef text) {
  std::string data = text.str();
  data.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(rewriter.getI8Type(), data.size());
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = "__trident_printf_" + std::to_string(i);
    auto existing = module.lookupSymbol<LLVM::GlobalOp>(name);
    if (!existing)
      break;
    if (existing.getValueAttr() == rewriter.getStringAttr(data))
      return LLVM::AddressOfOp::create(rewriter, loc, existing);
  }
  LLVM::GlobalOp global;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(rewriter, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Private, name,
                                    rewriter.getStringAttr(data));
  }
  return LLVM::AddressOfOp::create(rewriter, loc, global);
}

} // namespace

/// The file and line of `loc` (the innermost call site's, for code inlined
/// from other functions).
std::pair<std::string, unsigned> fileAndLine(Location loc) {
  std::pair<std::string, unsigned> out = {"<unknown>", 0};
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      out = {f.getFilename().str(), f.getLine()};
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out;
}

static LLVM::LLVMFuncOp vprintfDecl(OpBuilder &rewriter, Location loc,
                             ModuleOp module) {
  if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>("vprintf"))
    return f;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  Type ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
  return LLVM::LLVMFuncOp::create(
      rewriter, loc, "vprintf",
      LLVM::LLVMFunctionType::get(rewriter.getI32Type(), {ptr, ptr}));
}

void emitPrintf(OpBuilder &rewriter, Location loc,
                                      Operation *op, StringRef format,
                                      ArrayRef<Value> values, Value cond) {
  MLIRContext *ctx = rewriter.getContext();
  ModuleOp module = op->getParentOfType<ModuleOp>();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  SmallVector<Type> fields;
  for (Value v : values)
    fields.push_back(v.getType());
  auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
  Value buffer;
  if (!values.empty()) {
    OpBuilder::InsertionGuard guard(rewriter);
    auto fn = op->getParentOfType<FunctionOpInterface>();
    rewriter.setInsertionPointToStart(&fn.getFunctionBody().front());
    Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                         rewriter.getI64IntegerAttr(1));
    buffer = LLVM::AllocaOp::create(rewriter, loc, ptr, structType, one,
                                    /*alignment=*/8);
  }
  auto emit = [&](OpBuilder &b, Location l) {
    for (auto [i, v] : llvm::enumerate(values)) {
      Value field = LLVM::GEPOp::create(
          b, l, ptr, structType, buffer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(b, l, v, field);
    }
    Value args = buffer ? buffer : LLVM::ZeroOp::create(b, l, ptr).getResult();
    LLVM::CallOp::create(b, l, vprintfDecl(rewriter, l, module),
                         ValueRange{globalString(b, l, module, format), args});
  };
  if (!cond) {
    emit(rewriter, loc);
    return;
  }
  scf::IfOp::create(rewriter, loc, cond, [&](OpBuilder &b, Location l) {
    emit(b, l);
    scf::YieldOp::create(b, l);
  });
}

void emitAssertFail(OpBuilder &b, Location loc, Operation *op,
                    StringRef message, StringRef file, unsigned line,
                    StringRef function) {
  ModuleOp module = op->getParentOfType<ModuleOp>();
  LLVM::LLVMFuncOp decl = module.lookupSymbol<LLVM::LLVMFuncOp>("__assertfail");
  if (!decl) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    MLIRContext *ctx = b.getContext();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    decl = LLVM::LLVMFuncOp::create(
        b, loc, "__assertfail",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                    {ptr, ptr, b.getI32Type(), ptr,
                                     b.getI64Type()}));
  }
  Value args[] = {globalString(b, loc, module, message),
                  globalString(b, loc, module, file),
                  arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(line)),
                  globalString(b, loc, module, function),
                  arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1))};
  LLVM::CallOp::create(b, loc, decl, args);
}

namespace {

struct PrintPattern : LoweringPattern<tir::PrintOp> {
  using LoweringPattern::LoweringPattern;

  Value globalString(ConversionPatternRewriter &rewriter, Location loc,
                     StringRef text) const {
    return gir_to_llvm::globalString(rewriter, loc, lc.module, text);
  }

  void print(ConversionPatternRewriter &rewriter, Location loc, Operation *op,
             StringRef format, ArrayRef<Value> values, Value cond) const {
    emitPrintf(rewriter, loc, op, format, values, cond);
  }

  LogicalResult
  matchAndRewrite(tir::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    // The program id: the cluster's in a program of several CTAs.
    SmallVector<Value> pid =
        lc.numCTAs > 1
            ? SmallVector<Value>{NVVM::ClusterIdXOp::create(rewriter, loc, i32),
                                 NVVM::ClusterIdYOp::create(rewriter, loc, i32),
                                 NVVM::ClusterIdZOp::create(rewriter, loc, i32)}
            : SmallVector<Value>{NVVM::BlockIdXOp::create(rewriter, loc, i32),
                                 NVVM::BlockIdYOp::create(rewriter, loc, i32),
                                 NVVM::BlockIdZOp::create(rewriter, loc, i32)};
    auto [lane, warp] = lc.laneAndWarp(rewriter, loc);
    Value zero = i32Const(rewriter, loc, 0);
    Value thread0 = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, lane,
                              zero),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, warp,
                              zero));
    // A program of several CTAs prints once, from its first CTA.
    thread0 = lc.andFirstCTA(rewriter, loc, thread0);
    std::string prefix = escape(op.getPrefix());
    ArrayRef<int32_t> signs = op.getIsSigned();
    auto withPid = [&](ArrayRef<Value> rest) {
      SmallVector<Value> values(pid);
      values.append(rest.begin(), rest.end());
      return values;
    };
    // With operands the prefix is what goes between the index and the
    // value (the front end makes it " x: " or ": ", as Triton's).
    if (op.getArgs().empty())
      print(rewriter, loc, op, "pid (%d, %d, %d) " + prefix + "\n", withPid({}),
            thread0);
    size_t numArgs = op.getArgs().size();
    for (auto [i, arg] : llvm::enumerate(op.getArgs())) {
      bool isSigned = signs.empty() || signs[i] != 0;
      Value v = adaptor.getArgs()[i];
      std::string operand =
          numArgs > 1 ? "(operand " + std::to_string(i) + ") " : "";
      auto tile = dyn_cast<RankedTensorType>(arg.getType());
      if (!tile) {
        auto [spec, value] =
            printfArg(rewriter, loc, v, op.getHex(), isSigned);
        print(rewriter, loc, op,
              "pid (%d, %d, %d) idx ()" + prefix + operand + spec + "\n",
              withPid({value}), thread0);
        continue;
      }
      FailureOr<LayoutMap> map = mapOf(tile, lc, op);
      if (failed(map))
        return failure();
      Value first = map->isFirstReplica(
          rewriter, loc, lane, warp,
          lc.numCTAs > 1 ? lc.ctaRank(rewriter, loc) : Value());
      SmallVector<Value> thread = map->threadCoords(rewriter, loc, lane, warp);
      std::set<SmallVector<int64_t>> seen;
      for (int64_t r = 0; r < map->numRegisters(); ++r) {
        SmallVector<int64_t> coords = map->registerCoords(r);
        if (!seen.insert(coords).second)
          continue;
        std::string format = "pid (%d, %d, %d) idx (";
        SmallVector<Value> rest;
        for (unsigned d = 0; d < coords.size(); ++d) {
          format += (d ? ", " : "") + indexSpec(tile.getDimSize(d));
          rest.push_back(arith::XOrIOp::create(
              rewriter, loc, thread[d], i32Const(rewriter, loc, coords[d])));
        }
        Value element = vector::ExtractOp::create(rewriter, loc, v, r);
        auto [spec, value] =
            printfArg(rewriter, loc, element, op.getHex(), isSigned);
        rest.push_back(value);
        print(rewriter, loc, op, format + ")" + prefix + operand + spec + "\n",
              withPid(rest), first);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// tir.assert: a thread any of whose elements of the condition is false
/// calls CUDA's __assertfail(message, file, line, function, 1), which
/// reports the failing block and thread and stops the kernel, as Triton's
/// tl.device_assert does.
struct AssertPattern : LoweringPattern<tir::AssertOp> {
  using LoweringPattern::LoweringPattern;

  LLVM::LLVMFuncOp assertfail(ConversionPatternRewriter &rewriter,
                              Location loc) const {
    ModuleOp module = lc.module;
    if (auto f = module.lookupSymbol<LLVM::LLVMFuncOp>("__assertfail"))
      return f;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    MLIRContext *ctx = rewriter.getContext();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    return LLVM::LLVMFuncOp::create(
        rewriter, loc, "__assertfail",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                    {ptr, ptr, rewriter.getI32Type(), ptr,
                                     rewriter.getI64Type()}));
  }

  LogicalResult
  matchAndRewrite(tir::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value cond = adaptor.getCondition();
    Value ok = cond;
    if (auto vt = dyn_cast<VectorType>(cond.getType())) {
      ok = vector::ExtractOp::create(rewriter, loc, cond, 0);
      for (int64_t i = 1; i < vt.getNumElements(); ++i)
        ok = arith::AndIOp::create(
            rewriter, loc, ok, vector::ExtractOp::create(rewriter, loc, cond, i));
    }
    Value failed = arith::XOrIOp::create(
        rewriter, loc, ok,
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true)));
    // (Plain variables: the lambda below captures them.)
    std::string file;
    unsigned line;
    std::tie(file, line) = fileAndLine(loc);
    std::string function = "<kernel>";
    if (auto fn = op->getParentOfType<FunctionOpInterface>())
      function = fn.getName().str();
    std::string message = op.getMessage().str();
    scf::IfOp::create(rewriter, loc, failed, [&](OpBuilder &b, Location l) {
      Value args[] = {
          globalString(b, l, lc.module, message),
          globalString(b, l, lc.module, file),
          arith::ConstantOp::create(b, l, b.getI32IntegerAttr(line)),
          globalString(b, l, lc.module, function),
          arith::ConstantOp::create(b, l, b.getI64IntegerAttr(1))};
      LLVM::CallOp::create(b, l, assertfail(rewriter, l), args);
      scf::YieldOp::create(b, l);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateDebugPatterns(TypeConverter &converter,
                           RewritePatternSet &patterns, LoweringContext &ctx) {
  patterns.add<PrintPattern, AssertPattern>(converter, patterns.getContext(),
                                            ctx);
}

} // namespace trident::gir_to_llvm
