//===- KernelBuilder.cpp - Build Tile IR op by op -------------------------===//
#include "trident/Frontend/KernelBuilder.h"
#include "trident/Compiler/CrashReport.h"
#include "trident/Dialect/TileIR/IR/RegionArgHints.h"
#include "trident/Support/Guard.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"
#include "trident/Pipeline/PipelineEdit.h"
#include "trident/Plugin/PluginManager.h"
#include "trident/Target/CPU/CPU.h"
#include "trident/Target/NVIDIA/NVIDIA.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir;

namespace trident::frontend {

namespace {

/// "file:line:col" of a location (the first file location inside it).
std::string locationPrefix(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().str() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations()) {
      std::string s = locationPrefix(inner);
      if (!s.empty())
        return s;
    }
  if (auto name = dyn_cast<NameLoc>(loc))
    return locationPrefix(name.getChildLoc());
  if (auto site = dyn_cast<CallSiteLoc>(loc))
    return locationPrefix(site.getCallee());
  return "";
}

/// Collects the diagnostics emitted while it lives as "file:line:col: msg"
/// lines (notes indented), for lastError().
class Collector {
public:
  explicit Collector(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &diag) {
          add(diag, "");
          for (Diagnostic &note : diag.getNotes())
            add(note, "  note: ");
          return success();
        }) {}
  std::string take() {
    std::string s = StringRef(text).rtrim().str();
    text.clear();
    return s;
  }

private:
  void add(Diagnostic &diag, StringRef lead) {
    std::string where = locationPrefix(diag.getLocation());
    text += lead.str();
    if (!where.empty())
      text += where + ": ";
    text += diag.str() + "\n";
  }
  std::string text;
  ScopedDiagnosticHandler handler;
};

FailureOr<tir::CacheModifier> cacheOf(StringRef s) {
  if (s.empty())
    return tir::CacheModifier::None;
  if (auto c = tir::symbolizeCacheModifier(s.ltrim('.')))
    return *c;
  return failure();
}

FailureOr<tir::EvictionPolicy> evictOf(StringRef s) {
  if (s.empty())
    return tir::EvictionPolicy::Normal;
  if (auto c = tir::symbolizeEvictionPolicy(s))
    return *c;
  return failure();
}

FailureOr<tir::MemSemantic> semOf(StringRef s) {
  if (s.empty())
    return tir::MemSemantic::AcqRel;
  if (auto c = tir::symbolizeMemSemantic(s))
    return *c;
  return failure();
}

FailureOr<tir::MemScope> scopeOf(StringRef s) {
  if (s.empty())
    return tir::MemScope::GPU;
  if (auto c = tir::symbolizeMemScope(s))
    return *c;
  return failure();
}

} // namespace

KernelBuilder::KernelBuilder()
    : compiler(std::make_unique<Compiler>()),
      builder(&compiler->getContext()),
      loc(UnknownLoc::get(&compiler->getContext())) {
  MLIRContext &ctx = compiler->getContext();
  ctx.loadDialect<tir::TileIRDialect, arith::ArithDialect, scf::SCFDialect,
                  func::FuncDialect>();
  ctx.getOrLoadDialect("math");
  module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
}

KernelBuilder::~KernelBuilder() = default;

MLIRContext &KernelBuilder::getContext() { return compiler->getContext(); }

int KernelBuilder::fail(const Twine &message) {
  std::string where = locationPrefix(loc);
  error = where.empty() ? message.str() : where + ": " + message.str();
  return -1;
}

Value KernelBuilder::value(int h) {
  return h >= 0 && size_t(h) < valueTable.size() ? valueTable[h] : Value();
}
Type KernelBuilder::type(int h) {
  return h >= 0 && size_t(h) < typeTable.size() ? typeTable[h] : Type();
}
Operation *KernelBuilder::op(int h) {
  return h >= 0 && size_t(h) < opTable.size() ? opTable[h] : nullptr;
}
Block *KernelBuilder::blockOf(int h) {
  return h >= 0 && size_t(h) < blockTable.size() ? blockTable[h] : nullptr;
}

int KernelBuilder::addValue(Value v) {
  valueTable.push_back(v);
  return int(valueTable.size() - 1);
}
int KernelBuilder::addType(Type t) {
  auto [it, inserted] = typeIndex.try_emplace(t, int(typeTable.size()));
  if (inserted)
    typeTable.push_back(t);
  return it->second;
}
int KernelBuilder::addOp(Operation *o) {
  opTable.push_back(o);
  return int(opTable.size() - 1);
}
int KernelBuilder::addBlock(Block *b) {
  blockTable.push_back(b);
  return int(blockTable.size() - 1);
}

bool KernelBuilder::values(ArrayRef<int> handles,
                           SmallVectorImpl<Value> &out) {
  for (int h : handles) {
    Value v = value(h);
    if (!v) {
      fail("internal: invalid value handle " + Twine(h));
      return false;
    }
    out.push_back(v);
  }
  return true;
}

bool KernelBuilder::types(ArrayRef<int> handles, SmallVectorImpl<Type> &out) {
  for (int h : handles) {
    Type t = type(h);
    if (!t) {
      fail("internal: invalid type handle " + Twine(h));
      return false;
    }
    out.push_back(t);
  }
  return true;
}

int KernelBuilder::finish(Operation *o) {
  if (o->getNumRegions() == 0) {
    Collector diags(getContext());
    if (failed(mlir::verify(o, /*verifyRecursively=*/false))) {
      error = diags.take();
      o->erase();
      return -1;
    }
  }
  return addOp(o);
}

void KernelBuilder::setLocation(StringRef file, unsigned line,
                                unsigned column) {
  loc = FileLineColLoc::get(&getContext(), file, line, column);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

int KernelBuilder::intType(unsigned width) {
  if (width == 0 || width > 64)
    return fail("integer width must be 1 to 64, got " + Twine(width));
  return addType(builder.getIntegerType(width));
}

int KernelBuilder::floatType(StringRef name) {
  MLIRContext *ctx = &getContext();
  Type t = llvm::StringSwitch<Type>(name)
               .Case("f16", Float16Type::get(ctx))
               .Case("bf16", BFloat16Type::get(ctx))
               .Case("f32", Float32Type::get(ctx))
               .Case("f64", Float64Type::get(ctx))
               .Case("f8e4m3fn", Float8E4M3FNType::get(ctx))
               .Case("f8e5m2", Float8E5M2Type::get(ctx))
               .Case("f8e4m3fnuz", Float8E4M3FNUZType::get(ctx))
               .Case("f8e5m2fnuz", Float8E5M2FNUZType::get(ctx))
               // Triton's fp8e4b15 (bias 15, no NaN): a tag only, whose
               // values the front end reads and writes as integers.
               .Case("f8e4m3b11fnuz", Float8E4M3B11FNUZType::get(ctx))
               .Default(Type());
  if (!t)
    return fail("unknown float type '" + name + "'");
  return addType(t);
}

int KernelBuilder::pointerType(int pointee, int addressSpace) {
  Type p = type(pointee);
  if (!p)
    return fail("internal: invalid type handle");
  return addType(tir::PointerType::get(p, addressSpace));
}

int KernelBuilder::tensorType(ArrayRef<int64_t> shape, int element) {
  Type e = type(element);
  if (!e)
    return fail("internal: invalid type handle");
  for (int64_t d : shape)
    if (d <= 0)
      return fail("tile dimensions must be positive");
  return addType(RankedTensorType::get(shape, e));
}

int KernelBuilder::tensorDescType(int blockType) {
  auto t = dyn_cast_or_null<RankedTensorType>(type(blockType));
  if (!t)
    return fail("internal: a descriptor's block must be a tile type");
  return addType(tir::TensorDescType::get(t));
}

int KernelBuilder::blockPointerType(int blockType, int addressSpace) {
  auto t = dyn_cast_or_null<RankedTensorType>(type(blockType));
  if (!t)
    return fail("internal: a block pointer's block must be a tile type");
  Collector diags(getContext());
  if (failed(tir::BlockPointerType::verify([&] { return emitError(loc); }, t,
                                           addressSpace))) {
    error = diags.take();
    return -1;
  }
  return addType(tir::BlockPointerType::get(t, addressSpace));
}

int KernelBuilder::valueType(int h) {
  Value v = value(h);
  if (!v)
    return fail("internal: invalid value handle");
  return addType(v.getType());
}

namespace {
/// Runs MLIR's parser on `text` (a type or an attribute, `what`) under the
/// crash guard, after the checks for input known to crash it. Returns the
/// error, or "" with `parse` done.
std::string guardedParse(MLIRContext &ctx, StringRef what, StringRef text,
                         llvm::function_ref<void()> parse) {
  if (Error err = checkKnownParserCrashes(text, what))
    return toString(std::move(err));
  GuardFailure failure;
  if (runGuarded(parse, &failure))
    return "";
  (void)ctx;
  CrashReport report = analyzeCrash(failure, "");
  return report.str("while parsing " + what.str() + " '" + text.str() + "'",
                    "MLIR's parser");
}
} // namespace

int KernelBuilder::parseType(StringRef text) {
  Collector diags(getContext());
  Type t;
  std::string crash = guardedParse(getContext(), "a type", text, [&] {
    t = mlir::parseType(text, &getContext());
  });
  if (!crash.empty())
    return fail(crash);
  if (!t) {
    std::string why = diags.take();
    return fail("cannot parse the type '" + text + "'" +
                (why.empty() ? "" : ": " + why));
  }
  return addType(t);
}

std::string KernelBuilder::typeString(int h) {
  std::string s;
  raw_string_ostream os(s);
  if (Type t = type(h))
    os << t;
  return s;
}

//===----------------------------------------------------------------------===//
// Functions, blocks and insertion points
//===----------------------------------------------------------------------===//

int KernelBuilder::createFunction(StringRef name, ArrayRef<int> argTypes,
                                  ArrayRef<int> resultTypes, bool isKernel) {
  SmallVector<Type> args, results;
  if (!types(argTypes, args) || !types(resultTypes, results))
    return -1;
  if (module->lookupSymbol(name))
    return fail("a function named '" + name + "' already exists");
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module->getBody());
  auto fn = func::FuncOp::create(builder, loc, name,
                                 builder.getFunctionType(args, results));
  if (isKernel)
    fn->setAttr("tir.kernel", builder.getUnitAttr());
  else
    fn.setPrivate();
  fn.addEntryBlock();
  return addOp(fn);
}

bool KernelBuilder::setArgumentAttr(int function, unsigned index,
                                    StringRef name, int64_t v) {
  auto fn = dyn_cast_or_null<func::FuncOp>(op(function));
  if (!fn || index >= fn.getNumArguments())
    return fail("internal: invalid function or argument") , false;
  fn.setArgAttr(index, name, builder.getI32IntegerAttr(int32_t(v)));
  return true;
}

bool KernelBuilder::setFunctionAttr(int function, StringRef name, int64_t v) {
  Operation *o = op(function);
  if (!o)
    return fail("internal: invalid function"), false;
  // `no_inline` is a unit attribute: on a func.call, the inliner keeps the
  // call; on a func.func, it becomes LLVM's noinline.
  if (name == "no_inline" && isa<func::CallOp, func::FuncOp>(o)) {
    o->setAttr(name, builder.getUnitAttr());
    return true;
  }
  o->setAttr(name, builder.getI32IntegerAttr(int32_t(v)));
  return true;
}

int KernelBuilder::block(int h, unsigned region, unsigned index) {
  Operation *o = op(h);
  if (!o || region >= o->getNumRegions())
    return fail("internal: invalid op or region");
  Region &r = o->getRegion(region);
  if (index >= r.getBlocks().size())
    return fail("internal: invalid block index");
  auto it = r.begin();
  std::advance(it, index);
  return addBlock(&*it);
}

int KernelBuilder::blockArgument(int b, unsigned index) {
  Block *blk = blockOf(b);
  if (!blk || index >= blk->getNumArguments())
    return fail("internal: invalid block or argument index");
  return addValue(blk->getArgument(index));
}

int KernelBuilder::numBlockArguments(int b) {
  Block *blk = blockOf(b);
  return blk ? int(blk->getNumArguments()) : fail("internal: invalid block");
}

bool KernelBuilder::setInsertionPointToEnd(int b) {
  Block *blk = blockOf(b);
  if (!blk)
    return fail("internal: invalid block"), false;
  builder.setInsertionPointToEnd(blk);
  return true;
}

int KernelBuilder::saveInsertionPoint() {
  savedPoints.push_back(builder.saveInsertionPoint());
  return int(savedPoints.size() - 1);
}

bool KernelBuilder::restoreInsertionPoint(int saved) {
  if (saved < 0 || size_t(saved) >= savedPoints.size())
    return fail("internal: invalid insertion point"), false;
  builder.restoreInsertionPoint(savedPoints[saved]);
  return true;
}

int KernelBuilder::opResult(int h, unsigned index) {
  Operation *o = op(h);
  if (!o || index >= o->getNumResults())
    return fail("internal: invalid op or result index");
  return addValue(o->getResult(index));
}

int KernelBuilder::numResults(int h) {
  Operation *o = op(h);
  return o ? int(o->getNumResults()) : fail("internal: invalid op");
}

bool KernelBuilder::eraseOp(int h) {
  Operation *o = op(h);
  if (!o)
    return fail("internal: invalid op"), false;
  if (!o->use_empty())
    return fail("internal: erasing an op whose results are used"), false;
  o->erase();
  opTable[h] = nullptr;
  return true;
}

//===----------------------------------------------------------------------===//
// Generic operations
//===----------------------------------------------------------------------===//

int KernelBuilder::createOp(StringRef name, ArrayRef<int> operands,
                            ArrayRef<int> resultTypes) {
  return createOpWithAttrs(name, operands, resultTypes, {});
}

int KernelBuilder::createOpWithAttrs(
    StringRef name, ArrayRef<int> operands, ArrayRef<int> resultTypes,
    ArrayRef<std::pair<std::string, int64_t>> attrs) {
  std::optional<RegisteredOperationName> opName =
      RegisteredOperationName::lookup(name, &getContext());
  if (!opName)
    return fail("internal: operation '" + name + "' is not registered");
  SmallVector<Value> ops;
  SmallVector<Type> results;
  if (!values(operands, ops) || !types(resultTypes, results))
    return -1;
  OperationState state(loc, *opName);
  state.addOperands(ops);
  state.addTypes(results);
  for (const auto &[attrName, v] : attrs) {
    // Integer attributes of the op's own definition: enum cases are
    // spelled as i64 (arith's predicates) or i32.
    state.addAttribute(attrName, builder.getI64IntegerAttr(v));
  }
  return finish(builder.create(state));
}

bool KernelBuilder::parseAttrs(
    StringRef opName, ArrayRef<std::pair<std::string, std::string>> attrs,
    NamedAttrList &out) {
  for (const auto &attr : attrs) {
    StringRef attrName = attr.first, text = attr.second;
    if (attrName.empty()) {
      fail(opName + ": an attribute without a name");
      return false;
    }
    Collector diags(getContext());
    Attribute a;
    std::string crash =
        guardedParse(getContext(), "an attribute", text,
                     [&] { a = mlir::parseAttribute(text, &getContext()); });
    if (!crash.empty()) {
      fail(opName + ": attribute '" + attrName + "': " + crash);
      return false;
    }
    if (!a) {
      std::string why = diags.take();
      fail(opName + ": attribute '" + attrName + "': cannot parse '" + text +
           "'" + (why.empty() ? "" : ": " + why));
      return false;
    }
    out.set(attrName, a);
  }
  return true;
}

int KernelBuilder::createGenericOp(
    StringRef name, ArrayRef<int> operands, ArrayRef<int> resultTypes,
    ArrayRef<std::pair<std::string, std::string>> attrs, unsigned numRegions) {
  std::optional<RegisteredOperationName> opName =
      RegisteredOperationName::lookup(name, &getContext());
  if (!opName) {
    // A registered dialect is loaded (and its ops registered) on first
    // use: the kernel's first op of a plugin's dialect may be this one.
    StringRef dialect = name.split('.').first;
    if (!getContext().getOrLoadDialect(dialect))
      return fail("unknown operation '" + name + "': no dialect '" + dialect +
                  "' is loaded (is the plugin that defines it loaded?)");
    opName = RegisteredOperationName::lookup(name, &getContext());
    if (!opName)
      return fail("unknown operation '" + name + "': dialect '" + dialect +
                  "' has no such op");
  }
  SmallVector<Value> ops;
  SmallVector<Type> results;
  if (!values(operands, ops) || !types(resultTypes, results))
    return -1;
  NamedAttrList parsed;
  if (!parseAttrs(name, attrs, parsed))
    return -1;
  OperationState state(loc, *opName);
  state.addOperands(ops);
  state.addTypes(results);
  state.addAttributes(parsed);
  for (unsigned i = 0; i < numRegions; ++i)
    state.addRegion();
  return finish(builder.create(state));
}

int KernelBuilder::appendBlock(int h, unsigned region, ArrayRef<int> argTypes) {
  Operation *o = op(h);
  if (!o || region >= o->getNumRegions())
    return fail("internal: invalid op or region");
  SmallVector<Type> ts;
  if (!types(argTypes, ts))
    return -1;
  Block *b = new Block();
  o->getRegion(region).push_back(b);
  for (Type t : ts)
    b->addArgument(t, loc);
  return addBlock(b);
}

bool KernelBuilder::verifyOp(int h) {
  Operation *o = op(h);
  if (!o)
    return fail("internal: invalid op handle"), false;
  Collector diags(getContext());
  if (succeeded(mlir::verify(o)))
    return true;
  error = diags.take();
  return false;
}

bool KernelBuilder::markOp(int h, StringRef name) {
  Value val = value(h);
  if (!val)
    return fail("internal: invalid value handle"), false;
  Operation *def = val.getDefiningOp();
  if (!def)
    return fail("internal: '" + name + "' marks an operation, not an argument"),
           false;
  def->setAttr(name, builder.getUnitAttr());
  return true;
}

bool KernelBuilder::setHint(int h, StringRef name, ArrayRef<int32_t> v) {
  Value val = value(h);
  if (!val)
    return fail("internal: invalid value handle"), false;
  NamedAttribute attr(builder.getStringAttr(name),
                      builder.getDenseI32ArrayAttr(v));
  // Checked here, so that a bad hint is reported at its source line.
  Collector diags(getContext());
  auto emit = [&] { return mlir::emitError(loc); };
  if (Operation *def = val.getDefiningOp()) {
    if (cast<OpResult>(val).getResultNumber() != 0)
      return fail("axis hint '" + name + "' on result #" +
                  Twine(cast<OpResult>(val).getResultNumber()) + " of '" +
                  def->getName().getStringRef() +
                  "': hints describe the first result of an operation only"),
             false;
    if (failed(tir::verifyAxisHint(name, attr.getValue(), val.getType(), emit))) {
      error = diags.take();
      return false;
    }
    def->setAttr(attr.getName(), attr.getValue());
    return true;
  }
  auto arg = cast<BlockArgument>(val);
  if (failed(tir::verifyAxisHint(name, attr.getValue(), val.getType(), emit))) {
    error = diags.take();
    return false;
  }
  // A loop's argument (a loop-carried value, an induction variable): the
  // hint is recorded on the loop (tir.region_arg_hints, RegionArgHints.h).
  if (tir::canHintRegionArg(arg)) {
    tir::setRegionArgHint(arg, name, attr.getValue());
    // The hint describes the argument where the body reads it, so also its
    // first value: the loop's initial value. Recorded on the operation
    // that makes it too (as Triton does), so that what reads that value
    // outside the loop body (a software pipeliner's prologue, which loads
    // iteration 0's tile from the initial pointers; a carried pointer
    // tile rewritten into base + offset) keeps the promise: without it,
    // tutorial 08's `tl.multiple_of(a_ptrs, [16, 16])` vectorized the
    // loop's copies but not the prologue's. (As in Triton, the promise
    // is the user's: a loop that runs no iteration makes none.)
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
        loop && arg.getArgNumber() > 0) {
      Value init = loop.getInitArgs()[arg.getArgNumber() - 1];
      if (auto result = dyn_cast<OpResult>(init);
          result && result.getResultNumber() == 0)
        tir::addAxisHintsToOp(result.getOwner(),
                              DictionaryAttr::get(&getContext(), {attr}));
    } else if (auto loop = dyn_cast<scf::WhileOp>(
                   arg.getOwner()->getParentOp());
               loop && arg.getOwner()->getParent() == &loop.getBefore()) {
      Value init = loop.getInits()[arg.getArgNumber()];
      if (auto result = dyn_cast<OpResult>(init);
          result && result.getResultNumber() == 0)
        tir::addAxisHintsToOp(result.getOwner(),
                              DictionaryAttr::get(&getContext(), {attr}));
    }
    return true;
  }
  auto fn = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
  if (!fn || !arg.getOwner()->isEntryBlock())
    return fail("axis hint '" + name + "' on an argument of a '" +
                arg.getOwner()->getParentOp()->getName().getStringRef() +
                "' region is not supported (hints go on values, function "
                "arguments and the arguments of scf.for and scf.while)"),
           false;
  // A scalar's divisibility is the argument attribute of the usual form.
  if (name == tir::TileIRDialect::getDivisibilityAttrName() && v.size() == 1 &&
      (val.getType().isSignlessInteger() ||
       isa<tir::PointerType>(val.getType())))
    attr.setValue(builder.getI32IntegerAttr(v[0]));
  fn.setArgAttr(arg.getArgNumber(), attr.getName(), attr.getValue());
  return true;
}

int KernelBuilder::constantInt(int th, int64_t v) {
  Type t = type(th);
  if (!t)
    return fail("internal: invalid type handle");
  auto elem = dyn_cast<IntegerType>(getElementTypeOrSelf(t));
  if (!elem)
    return fail("internal: integer constant of a non-integer type");
  APInt bits(elem.getWidth(), uint64_t(v), /*isSigned=*/true,
             /*implicitTrunc=*/true);
  TypedAttr attr = IntegerAttr::get(elem, bits);
  if (auto tile = dyn_cast<RankedTensorType>(t))
    attr = DenseElementsAttr::get(tile, attr);
  return finish(arith::ConstantOp::create(builder, loc, attr));
}

int KernelBuilder::constantFloat(int th, double v) {
  Type t = type(th);
  if (!t)
    return fail("internal: invalid type handle");
  auto elem = dyn_cast<FloatType>(getElementTypeOrSelf(t));
  if (!elem)
    return fail("internal: float constant of a non-float type");
  APFloat f(v);
  bool lost = false;
  f.convert(elem.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
  TypedAttr attr = FloatAttr::get(elem, f);
  if (auto tile = dyn_cast<RankedTensorType>(t))
    attr = DenseElementsAttr::get(tile, attr);
  return finish(arith::ConstantOp::create(builder, loc, attr));
}

int KernelBuilder::compare(bool isFloat, StringRef predicate, int lhs,
                           int rhs) {
  Value a = value(lhs), b = value(rhs);
  if (!a || !b)
    return fail("internal: invalid value handle");
  if (isFloat) {
    auto p = arith::symbolizeCmpFPredicate(predicate);
    if (!p)
      return fail("internal: unknown float predicate '" + predicate + "'");
    return finish(arith::CmpFOp::create(builder, loc, *p, a, b));
  }
  auto p = arith::symbolizeCmpIPredicate(predicate);
  if (!p)
    return fail("internal: unknown integer predicate '" + predicate + "'");
  return finish(arith::CmpIOp::create(builder, loc, *p, a, b));
}

//===----------------------------------------------------------------------===//
// Tile IR
//===----------------------------------------------------------------------===//

int KernelBuilder::programId(int axis) {
  if (axis < 0 || axis > 2)
    return fail("program_id axis must be 0, 1 or 2, got " + Twine(axis));
  return finish(tir::GetProgramIdOp::create(builder, loc, axis));
}

int KernelBuilder::numPrograms(int axis) {
  if (axis < 0 || axis > 2)
    return fail("num_programs axis must be 0, 1 or 2, got " + Twine(axis));
  return finish(tir::GetNumProgramsOp::create(builder, loc, axis));
}

int KernelBuilder::makeRange(int32_t start, int32_t end) {
  return finish(tir::MakeRangeOp::create(builder, loc, start, end));
}

#define TRIDENT_VALUE(name, h)                                                 \
  Value name = value(h);                                                       \
  if (!name)                                                                   \
    return fail("internal: invalid value handle " + Twine(h));
#define TRIDENT_TYPE(name, h)                                                  \
  Type name = type(h);                                                         \
  if (!name)                                                                   \
    return fail("internal: invalid type handle " + Twine(h));
#define TRIDENT_OPT_VALUE(name, h)                                             \
  Value name;                                                                  \
  if (h >= 0) {                                                                \
    name = value(h);                                                           \
    if (!name)                                                                 \
      return fail("internal: invalid value handle " + Twine(h));               \
  }

int KernelBuilder::splat(int s, int t) {
  TRIDENT_VALUE(v, s);
  TRIDENT_TYPE(ty, t);
  return finish(tir::SplatOp::create(builder, loc, ty, v));
}

int KernelBuilder::broadcast(int s, int t) {
  TRIDENT_VALUE(v, s);
  TRIDENT_TYPE(ty, t);
  return finish(tir::BroadcastOp::create(builder, loc, ty, v));
}

int KernelBuilder::expandDims(int s, int axis) {
  TRIDENT_VALUE(v, s);
  return finish(tir::ExpandDimsOp::create(builder, loc, v, axis));
}

int KernelBuilder::reshape(int s, int t, bool allowReorder) {
  TRIDENT_VALUE(v, s);
  TRIDENT_TYPE(ty, t);
  return finish(tir::ReshapeOp::create(builder, loc, ty, v, allowReorder));
}

int KernelBuilder::trans(int s, ArrayRef<int32_t> order) {
  TRIDENT_VALUE(v, s);
  return finish(tir::TransOp::create(builder, loc, v, order));
}

int KernelBuilder::join(int l, int r) {
  TRIDENT_VALUE(a, l);
  TRIDENT_VALUE(b, r);
  return finish(tir::JoinOp::create(builder, loc, a, b));
}

int KernelBuilder::split(int s) {
  TRIDENT_VALUE(v, s);
  return finish(tir::SplitOp::create(builder, loc, v));
}

int KernelBuilder::addPtr(int p, int o) {
  TRIDENT_VALUE(ptr, p);
  TRIDENT_VALUE(off, o);
  return finish(tir::AddPtrOp::create(builder, loc, ptr, off));
}

int KernelBuilder::intToPtr(int s, int t) {
  TRIDENT_VALUE(v, s);
  TRIDENT_TYPE(ty, t);
  return finish(tir::IntToPtrOp::create(builder, loc, ty, v));
}

int KernelBuilder::ptrToInt(int s, int t) {
  TRIDENT_VALUE(v, s);
  TRIDENT_TYPE(ty, t);
  return finish(tir::PtrToIntOp::create(builder, loc, ty, v));
}

int KernelBuilder::bitcast(int s, int t) {
  TRIDENT_VALUE(v, s);
  TRIDENT_TYPE(ty, t);
  return finish(tir::BitcastOp::create(builder, loc, ty, v));
}

int KernelBuilder::load(int p, int m, int o, StringRef cache, StringRef evict,
                        bool isVolatile) {
  TRIDENT_VALUE(ptr, p);
  TRIDENT_OPT_VALUE(mask, m);
  TRIDENT_OPT_VALUE(other, o);
  FailureOr<tir::CacheModifier> c = cacheOf(cache);
  if (failed(c))
    return fail("unknown cache modifier '" + cache + "'");
  FailureOr<tir::EvictionPolicy> e = evictOf(evict);
  if (failed(e))
    return fail("unknown eviction policy '" + evict + "'");
  auto op = tir::LoadOp::create(builder, loc, tir::getPointeeTypeLike(ptr.getType()),
                                ptr, mask, other, *c, *e, isVolatile);
  return finish(op);
}

int KernelBuilder::store(int p, int v, int m, StringRef cache,
                         StringRef evict) {
  TRIDENT_VALUE(ptr, p);
  TRIDENT_VALUE(val, v);
  TRIDENT_OPT_VALUE(mask, m);
  FailureOr<tir::CacheModifier> c = cacheOf(cache);
  if (failed(c))
    return fail("unknown cache modifier '" + cache + "'");
  FailureOr<tir::EvictionPolicy> e = evictOf(evict);
  if (failed(e))
    return fail("unknown eviction policy '" + evict + "'");
  return finish(tir::StoreOp::create(builder, loc, ptr, val, mask, *c, *e));
}

int KernelBuilder::atomicRMW(StringRef kind, int p, int v, int m,
                             StringRef sem, StringRef scope) {
  TRIDENT_VALUE(ptr, p);
  TRIDENT_VALUE(val, v);
  TRIDENT_OPT_VALUE(mask, m);
  auto k = tir::symbolizeRMWKind(kind);
  if (!k)
    return fail("internal: unknown atomic kind '" + kind + "'");
  FailureOr<tir::MemSemantic> s = semOf(sem);
  if (failed(s))
    return fail("unknown memory semantic '" + sem +
                "' (expected relaxed, acquire, release or acq_rel)");
  FailureOr<tir::MemScope> sc = scopeOf(scope);
  if (failed(sc))
    return fail("unknown memory scope '" + scope +
                "' (expected gpu, cta or sys)");
  return finish(
      tir::AtomicRMWOp::create(builder, loc, *k, ptr, val, mask, *s, *sc));
}

int KernelBuilder::atomicCAS(int p, int c, int v, StringRef sem,
                             StringRef scope) {
  TRIDENT_VALUE(ptr, p);
  TRIDENT_VALUE(cmp, c);
  TRIDENT_VALUE(val, v);
  FailureOr<tir::MemSemantic> s = semOf(sem);
  if (failed(s))
    return fail("unknown memory semantic '" + sem +
                "' (expected relaxed, acquire, release or acq_rel)");
  FailureOr<tir::MemScope> sc = scopeOf(scope);
  if (failed(sc))
    return fail("unknown memory scope '" + scope +
                "' (expected gpu, cta or sys)");
  return finish(tir::AtomicCASOp::create(builder, loc, ptr, cmp, val, *s, *sc));
}

int KernelBuilder::dot(int a, int b, int c, StringRef precision,
                       int maxNumImpreciseAcc) {
  TRIDENT_VALUE(av, a);
  TRIDENT_VALUE(bv, b);
  TRIDENT_VALUE(cv, c);
  auto p = tir::symbolizeInputPrecision(precision.empty() ? "ieee" : precision);
  if (!p)
    return fail("unknown input_precision '" + precision +
                "' (expected ieee, tf32 or tf32x3)");
  if (maxNumImpreciseAcc < 0)
    return fail("max_num_imprecise_acc must be non-negative");
  return finish(tir::DotOp::create(builder, loc, av, bv, cv, *p,
                                   uint32_t(maxNumImpreciseAcc)));
}

static void addCombineBlock(OpBuilder &b, Region &region,
                            ArrayRef<Type> elementTypes, Location loc) {
  SmallVector<Type> argTypes(elementTypes);
  argTypes.append(elementTypes.begin(), elementTypes.end());
  SmallVector<Location> locs(argTypes.size(), loc);
  b.createBlock(&region, {}, argTypes, locs);
}

int KernelBuilder::reduce(ArrayRef<int> srcs, int axis) {
  SmallVector<Value> vs;
  if (!values(srcs, vs))
    return -1;
  for (Value v : vs) {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    if (!t)
      return fail("reduce needs tiles, got a scalar");
    if (axis < 0 || axis >= t.getRank())
      return fail("reduction axis " + Twine(axis) + " is out of range for a "
                  "tile of rank " + Twine(t.getRank()));
  }
  OpBuilder::InsertionGuard guard(builder);
  auto op = tir::ReduceOp::create(builder, loc, vs, axis);
  addCombineBlock(builder, op.getCombineOp(), op.getElementTypes(), loc);
  return addOp(op);
}

int KernelBuilder::scan(ArrayRef<int> srcs, int axis, bool reverse) {
  SmallVector<Value> vs;
  if (!values(srcs, vs))
    return -1;
  for (Value v : vs) {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    if (!t)
      return fail("scan needs tiles, got a scalar");
    if (axis < 0 || axis >= t.getRank())
      return fail("scan axis " + Twine(axis) + " is out of range for a tile "
                  "of rank " + Twine(t.getRank()));
  }
  OpBuilder::InsertionGuard guard(builder);
  auto op = tir::ScanOp::create(builder, loc, vs, axis, reverse);
  addCombineBlock(builder, op.getCombineOp(), op.getElementTypes(), loc);
  return addOp(op);
}

int KernelBuilder::warpSpecialize(ArrayRef<int> captures,
                                  ArrayRef<int> partitionWarps,
                                  ArrayRef<int> partitionRegisters,
                                  int defaultRegisters) {
  SmallVector<Value> vs;
  if (!values(captures, vs))
    return -1;
  if (partitionWarps.empty())
    return fail("warp_specialize needs at least one worker partition");
  if (!partitionRegisters.empty() &&
      partitionRegisters.size() != partitionWarps.size())
    return fail("warp_specialize: " + Twine(partitionWarps.size()) +
                " worker partitions but " + Twine(partitionRegisters.size()) +
                " register budgets");
  OpBuilder::InsertionGuard guard(builder);
  OperationState state(loc, tir::WarpSpecializeOp::getOperationName());
  state.addOperands(vs);
  SmallVector<int32_t> warps(partitionWarps.begin(), partitionWarps.end());
  state.addAttribute("partition_num_warps",
                     builder.getDenseI32ArrayAttr(warps));
  if (llvm::any_of(partitionRegisters, [](int r) { return r != 0; })) {
    SmallVector<int32_t> regs(partitionRegisters.begin(),
                              partitionRegisters.end());
    state.addAttribute("partition_num_registers",
                       builder.getDenseI32ArrayAttr(regs));
  }
  if (defaultRegisters != 0)
    state.addAttribute("default_num_registers",
                       builder.getI32IntegerAttr(defaultRegisters));
  state.addRegion();
  state.addRegion();
  Operation *op = builder.create(state);
  builder.createBlock(&op->getRegion(0));
  // The partitions: the regions of a tir.warp_partitions in the second.
  builder.createBlock(&op->getRegion(1));
  OperationState inner(loc, tir::WarpPartitionsOp::getOperationName());
  for (size_t i = 0; i < partitionWarps.size(); ++i)
    inner.addRegion();
  Operation *parts = builder.create(inner);
  SmallVector<Type> types(ValueRange(vs).getTypes());
  SmallVector<Location> locs(types.size(), loc);
  for (Region &region : parts->getRegions())
    builder.createBlock(&region, {}, types, locs);
  return addOp(op);
}

int KernelBuilder::warpPartitions(int warpSpecialize) {
  Operation *op = this->op(warpSpecialize);
  auto ws = dyn_cast_or_null<tir::WarpSpecializeOp>(op);
  if (!ws)
    return fail("warp_partitions needs a tir.warp_specialize");
  return addOp(ws.getPartitionsOp());
}

int KernelBuilder::warpYield() {
  return addOp(tir::WarpYieldOp::create(builder, loc));
}

int KernelBuilder::reduceReturn(ArrayRef<int> handles) {
  SmallVector<Value> vs;
  if (!values(handles, vs))
    return -1;
  return addOp(tir::ReduceReturnOp::create(builder, loc, vs));
}

int KernelBuilder::scanReturn(ArrayRef<int> handles) {
  SmallVector<Value> vs;
  if (!values(handles, vs))
    return -1;
  return addOp(tir::ScanReturnOp::create(builder, loc, vs));
}

int KernelBuilder::mapElementwise(ArrayRef<int> args, int pack) {
  SmallVector<Value> vs;
  if (!values(args, vs))
    return -1;
  if (vs.empty())
    return fail("map_elementwise needs at least one argument");
  if (pack < 1)
    return fail("map_elementwise: pack must be at least 1, got " +
                Twine(pack));
  OpBuilder::InsertionGuard guard(builder);
  auto op = tir::MapElementwiseOp::create(builder, loc, TypeRange{}, vs,
                                          builder.getI32IntegerAttr(pack));
  SmallVector<Type> argTypes;
  for (Value v : vs)
    argTypes.append(pack, getElementTypeOrSelf(v.getType()));
  SmallVector<Location> locs(argTypes.size(), loc);
  builder.createBlock(&op.getBody(), {}, argTypes, locs);
  return addOp(op);
}

int KernelBuilder::mapElementwiseReturn(ArrayRef<int> handles) {
  SmallVector<Value> vs;
  if (!values(handles, vs))
    return -1;
  return addOp(tir::MapElementwiseReturnOp::create(builder, loc, vs));
}

int KernelBuilder::finalizeMapElementwise(int h) {
  auto old = dyn_cast_or_null<tir::MapElementwiseOp>(op(h));
  if (!old || old->getNumResults() != 0 || old.getBody().empty())
    return fail("internal: finalizeMapElementwise needs a "
                "tir.map_elementwise without results");
  auto ret = dyn_cast_or_null<tir::MapElementwiseReturnOp>(
      old.getBody().front().empty() ? nullptr
                                    : &old.getBody().front().back());
  if (!ret)
    return fail("internal: the tir.map_elementwise block has no return");
  unsigned pack = old.getPack();
  if (ret->getNumOperands() == 0 || ret->getNumOperands() % pack != 0)
    return fail("map_elementwise: the function returned " +
                Twine(ret->getNumOperands()) + " values; with pack=" +
                Twine(pack) + " it must return " + Twine(pack) +
                " per output");
  auto tile = dyn_cast<RankedTensorType>(old.getArgs().front().getType());
  SmallVector<Type> resultTypes;
  for (unsigned i = 0; i < ret->getNumOperands(); i += pack) {
    Type elem = ret->getOperand(i).getType();
    resultTypes.push_back(tile ? Type(tile.clone(elem)) : elem);
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(old);
  auto op = tir::MapElementwiseOp::create(builder, old.getLoc(), resultTypes,
                                          old.getArgs(), old.getPackAttr());
  op.getBody().takeBody(old.getBody());
  old->erase();
  opTable[h] = nullptr;
  Collector diags(getContext());
  if (failed(mlir::verify(op))) {
    error = diags.take();
    op->erase();
    return -1;
  }
  return addOp(op);
}

int KernelBuilder::makeTensorDescriptor(int base, ArrayRef<int> shape,
                                        ArrayRef<int> strides, int descType) {
  TRIDENT_VALUE(b, base);
  TRIDENT_TYPE(t, descType);
  SmallVector<Value> sh, st;
  if (!values(shape, sh) || !values(strides, st))
    return -1;
  return finish(tir::MakeTensorDescOp::create(builder, loc, t, b, sh, st));
}

int KernelBuilder::descriptorLoad(int desc, ArrayRef<int> indices) {
  TRIDENT_VALUE(d, desc);
  SmallVector<Value> idx;
  if (!values(indices, idx))
    return -1;
  return finish(tir::DescriptorLoadOp::create(builder, loc, d, idx));
}

int KernelBuilder::descriptorStore(int desc, int v, ArrayRef<int> indices) {
  TRIDENT_VALUE(d, desc);
  TRIDENT_VALUE(val, v);
  SmallVector<Value> idx;
  if (!values(indices, idx))
    return -1;
  return finish(tir::DescriptorStoreOp::create(builder, loc, d, val, idx));
}

int KernelBuilder::makeBlockPointer(int base, ArrayRef<int> shape,
                                    ArrayRef<int> strides,
                                    ArrayRef<int> offsets,
                                    ArrayRef<int32_t> order, int blockType) {
  TRIDENT_VALUE(b, base);
  auto ptr = dyn_cast<tir::PointerType>(b.getType());
  if (!ptr)
    return fail("a block pointer's base must be a scalar pointer");
  int t = blockPointerType(blockType, ptr.getAddressSpace());
  if (t < 0)
    return -1;
  SmallVector<Value> sh, st, off;
  if (!values(shape, sh) || !values(strides, st) || !values(offsets, off))
    return -1;
  return finish(tir::MakeBlockPtrOp::create(builder, loc, type(t), b, sh, st,
                                            off, order));
}

int KernelBuilder::advance(int p, ArrayRef<int> offsets) {
  TRIDENT_VALUE(ptr, p);
  if (!isa<tir::BlockPointerType>(ptr.getType()))
    return fail("advance needs a block pointer");
  SmallVector<Value> off;
  if (!values(offsets, off))
    return -1;
  return finish(tir::AdvanceOp::create(builder, loc, ptr, off));
}

int KernelBuilder::blockLoad(int p, ArrayRef<int32_t> boundaryCheck,
                             StringRef padding, StringRef cache,
                             StringRef evict, bool isVolatile) {
  TRIDENT_VALUE(ptr, p);
  if (!isa<tir::BlockPointerType>(ptr.getType()))
    return fail("block_load needs a block pointer");
  std::optional<tir::PaddingOption> pad =
      padding.empty() ? tir::PaddingOption::Zero
                      : tir::symbolizePaddingOption(padding);
  if (!pad)
    return fail("unknown padding option '" + padding +
                "' (expected zero or nan)");
  FailureOr<tir::CacheModifier> c = cacheOf(cache);
  if (failed(c))
    return fail("unknown cache modifier '" + cache + "'");
  FailureOr<tir::EvictionPolicy> e = evictOf(evict);
  if (failed(e))
    return fail("unknown eviction policy '" + evict + "'");
  return finish(tir::BlockLoadOp::create(
      builder, loc, tir::getBlockPtrBlockType(ptr.getType()), ptr,
      boundaryCheck, *pad, *c, *e, isVolatile));
}

int KernelBuilder::blockStore(int p, int v, ArrayRef<int32_t> boundaryCheck,
                              StringRef cache, StringRef evict) {
  TRIDENT_VALUE(ptr, p);
  TRIDENT_VALUE(val, v);
  if (!isa<tir::BlockPointerType>(ptr.getType()))
    return fail("block_store needs a block pointer");
  FailureOr<tir::CacheModifier> c = cacheOf(cache);
  if (failed(c))
    return fail("unknown cache modifier '" + cache + "'");
  FailureOr<tir::EvictionPolicy> e = evictOf(evict);
  if (failed(e))
    return fail("unknown eviction policy '" + evict + "'");
  return finish(tir::BlockStoreOp::create(builder, loc, ptr, val,
                                          boundaryCheck, *c, *e));
}

int KernelBuilder::assume(int c) {
  TRIDENT_VALUE(cond, c);
  return finish(tir::AssumeOp::create(builder, loc, cond));
}

int KernelBuilder::print(StringRef prefix, bool hex, ArrayRef<int> args,
                         ArrayRef<int32_t> isSigned) {
  SmallVector<Value> vs;
  if (!values(args, vs))
    return -1;
  return finish(tir::PrintOp::create(builder, loc, prefix, hex, vs, isSigned));
}

int KernelBuilder::assertOp(int c, StringRef message) {
  TRIDENT_VALUE(cond, c);
  return finish(tir::AssertOp::create(builder, loc, cond, message));
}

int KernelBuilder::externElementwise(StringRef symbol, StringRef libpath,
                                     ArrayRef<int> args, int resultType,
                                     bool isPure) {
  SmallVector<Value> vs;
  SmallVector<Type> ts;
  if (!values(args, vs) || !types({resultType}, ts))
    return -1;
  auto op = tir::ExternElementwiseOp::create(
      builder, loc, ts.front(), builder.getStringAttr(symbol),
      isPure ? builder.getUnitAttr() : UnitAttr(),
      libpath.empty() ? StringAttr() : builder.getStringAttr(libpath), vs);
  if (finish(op) < 0)
    return -1;
  return addValue(op.getResult());
}

bool KernelBuilder::inlineAsm(StringRef asmString, StringRef constraints,
                              ArrayRef<int> args, ArrayRef<int> resultTypes,
                              bool isPure, int pack,
                              std::vector<int> &results) {
  SmallVector<Value> vs;
  SmallVector<Type> ts;
  if (!values(args, vs) || !types(resultTypes, ts))
    return false;
  if (pack < 1)
    return fail("inline_asm_elementwise: pack must be at least 1, got " +
                Twine(pack)),
           false;
  auto op = tir::InlineAsmElementwiseOp::create(
      builder, loc, ts, builder.getStringAttr(asmString),
      builder.getStringAttr(constraints),
      isPure ? builder.getUnitAttr() : UnitAttr(),
      builder.getI32IntegerAttr(pack), vs);
  if (finish(op) < 0)
    return false;
  results.clear();
  for (Value r : op->getResults())
    results.push_back(addValue(r));
  return true;
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

int KernelBuilder::createFor(int lower, int upper, int step,
                             ArrayRef<int> inits) {
  TRIDENT_VALUE(lb, lower);
  TRIDENT_VALUE(ub, upper);
  TRIDENT_VALUE(st, step);
  SmallVector<Value> vs;
  if (!values(inits, vs))
    return -1;
  if (lb.getType() != ub.getType() || lb.getType() != st.getType())
    return fail("internal: loop bounds of different types");
  auto loop = scf::ForOp::create(builder, loc, lb, ub, st, vs);
  // The builder adds a terminator only without iter args; the caller yields.
  Block *body = loop.getBody();
  if (!body->empty() && isa<scf::YieldOp>(body->back()))
    body->back().erase();
  return addOp(loop);
}

int KernelBuilder::createIf(int c, ArrayRef<int> resultTypes, bool withElse) {
  TRIDENT_VALUE(cond, c);
  SmallVector<Type> ts;
  if (!types(resultTypes, ts))
    return -1;
  OpBuilder::InsertionGuard guard(builder);
  auto ifOp = scf::IfOp::create(builder, loc, ts, cond, withElse);
  for (Region *r : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    if (r->empty())
      continue;
    Block &b = r->front();
    if (!b.empty() && isa<scf::YieldOp>(b.back()))
      b.back().erase();
  }
  return addOp(ifOp);
}

int KernelBuilder::createWhile(ArrayRef<int> inits, ArrayRef<int> afterTypes) {
  SmallVector<Value> vs;
  SmallVector<Type> ts;
  if (!values(inits, vs) || !types(afterTypes, ts))
    return -1;
  OpBuilder::InsertionGuard guard(builder);
  auto w = scf::WhileOp::create(builder, loc, ts, vs);
  SmallVector<Type> beforeTypes(ValueRange(vs).getTypes());
  SmallVector<Location> beforeLocs(beforeTypes.size(), loc),
      afterLocs(ts.size(), loc);
  builder.createBlock(&w.getBefore(), {}, beforeTypes, beforeLocs);
  builder.createBlock(&w.getAfter(), {}, ts, afterLocs);
  return addOp(w);
}

int KernelBuilder::createCondition(int c, ArrayRef<int> handles) {
  TRIDENT_VALUE(cond, c);
  SmallVector<Value> vs;
  if (!values(handles, vs))
    return -1;
  return addOp(scf::ConditionOp::create(builder, loc, cond, vs));
}

int KernelBuilder::finalizeIf(int h, ArrayRef<int> thenValues,
                              ArrayRef<int> elseValues) {
  auto old = dyn_cast_or_null<scf::IfOp>(op(h));
  if (!old || old->getNumResults() != 0)
    return fail("internal: finalizeIf needs an scf.if without results");
  SmallVector<Value> thenVs, elseVs;
  if (!values(thenValues, thenVs) || !values(elseValues, elseVs))
    return -1;
  if (thenVs.size() != elseVs.size())
    return fail("internal: the branches of an if yield different counts");
  SmallVector<Type> ts(ValueRange(thenVs).getTypes());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(old);
  auto ifOp = scf::IfOp::create(builder, old.getLoc(), ts, old.getCondition(),
                                /*withElseRegion=*/false);
  ifOp.getThenRegion().takeBody(old.getThenRegion());
  ifOp.getElseRegion().takeBody(old.getElseRegion());
  if (ifOp.getElseRegion().empty() && !ts.empty())
    return fail("internal: an if with results needs an else block");
  builder.setInsertionPointToEnd(&ifOp.getThenRegion().front());
  scf::YieldOp::create(builder, loc, thenVs);
  if (!ifOp.getElseRegion().empty()) {
    builder.setInsertionPointToEnd(&ifOp.getElseRegion().front());
    scf::YieldOp::create(builder, loc, elseVs);
  }
  old->erase();
  opTable[h] = nullptr;
  return addOp(ifOp);
}

bool KernelBuilder::setFunctionResults(int function, ArrayRef<int> handles) {
  auto fn = dyn_cast_or_null<func::FuncOp>(op(function));
  SmallVector<Type> ts;
  if (!fn)
    return fail("internal: invalid function"), false;
  if (!types(handles, ts))
    return false;
  fn.setType(builder.getFunctionType(fn.getArgumentTypes(), ts));
  return true;
}

int KernelBuilder::yield(ArrayRef<int> handles) {
  SmallVector<Value> vs;
  if (!values(handles, vs))
    return -1;
  return addOp(scf::YieldOp::create(builder, loc, vs));
}

int KernelBuilder::createReturn(ArrayRef<int> handles) {
  SmallVector<Value> vs;
  if (!values(handles, vs))
    return -1;
  return addOp(func::ReturnOp::create(builder, loc, vs));
}

int KernelBuilder::call(StringRef callee, ArrayRef<int> args,
                        ArrayRef<int> resultTypes) {
  SmallVector<Value> vs;
  SmallVector<Type> ts;
  if (!values(args, vs) || !types(resultTypes, ts))
    return -1;
  return addOp(func::CallOp::create(builder, loc, callee, ts, vs));
}

//===----------------------------------------------------------------------===//
// Plugins
//===----------------------------------------------------------------------===//

bool KernelBuilder::dslOp(StringRef name, ArrayRef<int> operands,
                          ArrayRef<std::pair<std::string, std::string>> attrs,
                          unsigned n, std::vector<int> &results) {
  SmallVector<Value> vs;
  if (!values(operands, vs))
    return false;
  NamedAttrList parsed;
  if (!parseAttrs(name, attrs, parsed))
    return false;
  SmallVector<Value> out(n);
  Collector diags(getContext());
  if (Error e = PluginManager::instance().emitDslOp(
          name, builder, loc, vs, parsed.getDictionary(&getContext()), out)) {
    fail(toString(std::move(e)));
    return false;
  }
  results.clear();
  for (Value v : out)
    results.push_back(addValue(v));
  return true;
}

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

bool KernelBuilder::verify() {
  Collector diags(getContext());
  if (succeeded(mlir::verify(*module)))
    return true;
  error = diags.take();
  return false;
}

std::string KernelBuilder::moduleText(bool withLocations) {
  std::string s;
  raw_string_ostream os(s);
  OpPrintingFlags flags;
  if (withLocations)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
  return s;
}

bool KernelBuilder::setModuleAttr(StringRef name, int64_t v) {
  (*module)->setAttr(name, builder.getI32IntegerAttr(int32_t(v)));
  return true;
}

std::unique_ptr<CompileResult>
KernelBuilder::compile(StringRef target, StringRef pipelineName,
                       StringRef untilStage, const CompileOptions &options) {
  SmallVector<PipelineEdit> edits;
  if (options.cpuBoundsCheck && target.starts_with("cpu"))
    edits.push_back(cpu::boundsCheckEdit());
  if (options.barrierTimeoutMs > 0 && target.starts_with("cuda"))
    edits.push_back(nvidia::boundBarrierWaitsEdit(options.barrierTimeoutMs));
  Expected<Pipeline> pipeline =
      compiler->buildPipeline(target, pipelineName, edits);
  if (!pipeline) {
    error = toString(pipeline.takeError());
    return nullptr;
  }
  setModuleAttr("tir.num_warps", options.numWarps);
  setModuleAttr("tir.num_stages", options.numStages);
  if (options.numCtas != 1)
    setModuleAttr("tir.num_ctas", options.numCtas);
  if (target.starts_with("cuda")) {
    if (options.maxNumRegs > 0)
      setModuleAttr("tir.maxnreg", options.maxNumRegs);
    if (!options.fpFusion)
      (*module)->setAttr("trident.fp_fusion", builder.getBoolAttr(false));
    (*module)->setAttr("trident.reflect_ftz",
                       builder.getBoolAttr(options.reflectFtz));
  }
  if (options.clusterDims[0] * options.clusterDims[1] * options.clusterDims[2] >
      1) {
    (*module)->setAttr("tir.cluster_dims",
                       builder.getDenseI32ArrayAttr({options.clusterDims[0],
                                               options.clusterDims[1],
                                               options.clusterDims[2]}));
  }
  auto result = std::make_unique<CompileResult>();
  result->pipeline = pipeline->str();
  result->fingerprint = pipeline->fingerprint;
  StageOutput tirInput;
  tirInput.stage = "source";
  tirInput.format = "mlir";
  tirInput.data = moduleText();
  result->stages.push_back(std::move(tirInput));
  Collector diags(getContext());
  Error err = compiler->run(
      *module, *pipeline, untilStage,
      [&](const Stage &stage, ModuleOp m) {
        StageOutput out;
        out.stage = stage.name;
        const Artifact *a = compiler->artifact();
        if (a && a->stage == stage.name) {
          out.format = a->format;
          out.data = a->data;
          out.binary = a->binary;
        } else {
          out.format = "mlir";
          std::string s;
          raw_string_ostream os(s);
          m.print(os);
          out.data = std::move(s);
        }
        result->stages.push_back(std::move(out));
      });
  if (err) {
    std::string collected = diags.take();
    error = toString(std::move(err));
    if (!collected.empty() && error.find(collected) == std::string::npos)
      error = collected + "\n" + error;
    return nullptr;
  }
  if (const Artifact *a = compiler->artifact())
    result->artifact = std::make_unique<Artifact>(*a);
  return result;
}

} // namespace trident::frontend
