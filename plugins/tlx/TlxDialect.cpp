//===- TlxDialect.cpp - The tlx dialect -----------------------------------===//
//
// The buffer types (spelled like a shaped type: `!tlx.buffers<2x128x64xf16>`
// is two 128x64 f16 buffers) and the verifiers of the ops.
//
//===----------------------------------------------------------------------===//
#include "TlxDialect.h"

#include "trident/Dialect/TileIR/IR/TileIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tlx_plugin;

#include "TlxDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "TlxTypes.cpp.inc"

#define GET_OP_CLASSES
#include "TlxOps.cpp.inc"

void TlxDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TlxTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TlxOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// `<` dims `x` element `>`, the dims static and positive.
static ParseResult parseShaped(AsmParser &parser,
                               SmallVectorImpl<int64_t> &dims, Type &elem) {
  if (parser.parseLess() ||
      parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elem) || parser.parseGreater())
    return failure();
  return success();
}

static void printShaped(AsmPrinter &printer, ArrayRef<int64_t> dims,
                        Type elem) {
  printer << '<';
  for (int64_t d : dims)
    printer << d << 'x';
  printer << elem << '>';
}

/// What a buffer may hold: a tile of ints or floats of positive extents.
static LogicalResult
verifyTileShape(function_ref<InFlightDiagnostic()> emitError,
                ArrayRef<int64_t> shape, Type elem) {
  if (shape.empty())
    return emitError() << "a buffer holds a tile of rank 1 or more";
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "buffer extents must be positive, got " << d;
  if (!elem.isIntOrFloat())
    return emitError() << "a buffer holds ints or floats, got " << elem;
  return success();
}

Type BuffersType::parse(AsmParser &parser) {
  SmallVector<int64_t> dims;
  Type elem;
  SMLoc loc = parser.getCurrentLocation();
  if (parseShaped(parser, dims, elem))
    return {};
  if (dims.size() < 2) {
    parser.emitError(loc, "!tlx.buffers needs a count and a tile shape "
                          "(<count x dims x type>)");
    return {};
  }
  return parser.getChecked<BuffersType>(
      loc, parser.getContext(), dims.front(), ArrayRef(dims).drop_front(),
      elem);
}

void BuffersType::print(AsmPrinter &printer) const {
  SmallVector<int64_t> dims{getCount()};
  llvm::append_range(dims, getShape());
  printShaped(printer, dims, getElementType());
}

LogicalResult
BuffersType::verify(function_ref<InFlightDiagnostic()> emitError,
                    int64_t count, ArrayRef<int64_t> shape, Type elem) {
  if (count <= 0)
    return emitError() << "a ring holds at least one buffer, got " << count;
  return verifyTileShape(emitError, shape, elem);
}

Type BufferType::parse(AsmParser &parser) {
  SmallVector<int64_t> dims;
  Type elem;
  SMLoc loc = parser.getCurrentLocation();
  if (parseShaped(parser, dims, elem))
    return {};
  return parser.getChecked<BufferType>(loc, parser.getContext(), dims, elem);
}

void BufferType::print(AsmPrinter &printer) const {
  printShaped(printer, getShape(), getElementType());
}

LogicalResult BufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elem) {
  return verifyTileShape(emitError, shape, elem);
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// An index known at compile time must pick one of `count` slots.
static LogicalResult indexInRange(Operation *op, Value index, int64_t count,
                                  StringRef what) {
  APInt v;
  if (!matchPattern(index, m_ConstantInt(&v)))
    return success();
  int64_t i = v.getSExtValue();
  if (i < 0 || i >= count)
    return op->emitOpError("index ")
           << i << " is out of range: the " << what << " has " << count
           << (count == 1 ? " slot" : " slots") << " (0 to " << count - 1
           << ")";
  return success();
}

LogicalResult BarrierViewOp::verify() {
  return indexInRange(*this, getIndex(), getBarriers().getType().getCount(),
                      "tlx.alloc_barriers");
}

LogicalResult LocalViewOp::verify() {
  BuffersType ring = getBuffers().getType();
  BufferType one = getType();
  if (failed(indexInRange(*this, getIndex(), ring.getCount(),
                          "tlx.local_alloc ring")))
    return failure();
  if (ring.getShape() != one.getShape() ||
      ring.getElementType() != one.getElementType())
    return emitOpError("gives a buffer of the ring's tile (")
           << BufferType::get(getContext(), ring.getShape(),
                              ring.getElementType())
           << "), not " << one;
  return success();
}

/// A tile that matches `buffer` in shape and element type.
static LogicalResult matchesBuffer(Operation *op, BufferType buffer,
                                   RankedTensorType tile, StringRef what) {
  if (tile.getShape() != buffer.getShape() ||
      tile.getElementType() != buffer.getElementType())
    return op->emitOpError() << what << " " << tile
                             << " does not match the buffer " << buffer;
  return success();
}

LogicalResult LocalLoadOp::verify() {
  return matchesBuffer(*this, getBuffer().getType(), getType(), "result");
}

LogicalResult LocalStoreOp::verify() {
  return matchesBuffer(*this, getBuffer().getType(), getValue().getType(),
                       "stored tile");
}

LogicalResult AsyncLoadOp::verify() {
  BufferType buffer = getBuffer().getType();
  RankedTensorType ptr = getPtr().getType();
  auto pointer = dyn_cast<trident::tir::PointerType>(ptr.getElementType());
  if (!pointer || ptr.getShape() != buffer.getShape() ||
      pointer.getPointeeType() != buffer.getElementType())
    return emitOpError("copies a tile of pointers to the buffer's elements "
                       "and shape, got ")
           << ptr << " into " << buffer;
  if (Value mask = getMask()) {
    auto type = cast<RankedTensorType>(mask.getType());
    if (type.getShape() != ptr.getShape() ||
        !type.getElementType().isInteger(1))
      return emitOpError("mask must be an i1 tile of the pointers' shape, "
                         "got ")
             << type;
  }
  return success();
}

/// The shape and element type of a dot operand: a buffer or a tile.
static std::pair<ArrayRef<int64_t>, Type> operandShape(Type type) {
  if (auto buffer = dyn_cast<BufferType>(type))
    return {buffer.getShape(), buffer.getElementType()};
  auto tile = cast<RankedTensorType>(type);
  return {tile.getShape(), tile.getElementType()};
}

LogicalResult AsyncDotOp::verify() {
  auto [aShape, aElem] = operandShape(getA().getType());
  auto [bShape, bElem] = operandShape(getB().getType());
  RankedTensorType acc = getAcc().getType();
  if (aShape.size() != 2 || bShape.size() != 2 || acc.getRank() != 2)
    return emitOpError("multiplies 2-D operands into a 2-D accumulator");
  int64_t m = acc.getDimSize(0), n = acc.getDimSize(1), k = aShape[1];
  if (aShape[0] != m || bShape[0] != k || bShape[1] != n)
    return emitOpError("shapes do not form a matrix product: ")
           << getA().getType() << " * " << getB().getType() << " -> " << acc;
  auto fp8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
  bool sameKind = aElem == bElem || (fp8(aElem) && fp8(bElem));
  if (!sameKind ||
      !(aElem.isF16() || aElem.isBF16() || aElem.isF32() || fp8(aElem)))
    return emitOpError("multiplies f16, bf16, f32 (as tf32) or fp8 operands "
                       "of one kind, got ")
           << aElem << " and " << bElem;
  if (!acc.getElementType().isF32())
    return emitOpError("accumulates in f32, got ") << acc.getElementType();
  if (m % 64 != 0 || n < 8 || n > 256 || n % 8 != 0 || k < 16)
    return emitOpError("needs M a multiple of 64, N a multiple of 8 from 8 "
                       "to 256 and K at least 16 (Hopper's warpgroup MMA), "
                       "got M=")
           << m << " N=" << n << " K=" << k;
  return success();
}

LogicalResult
BarriersType::verify(function_ref<InFlightDiagnostic()> emitError,
                     int64_t count) {
  if (count <= 0)
    return emitError() << "at least one barrier, got " << count;
  return success();
}

LogicalResult LocalTransOp::verify() {
  BufferType in = getBuffer().getType();
  ArrayRef<int32_t> order = getOrder();
  SmallVector<bool> seen(in.getShape().size(), false);
  if (order.size() != seen.size())
    return emitOpError("order must permute the buffer's ")
           << seen.size() << " dimensions";
  SmallVector<int64_t> shape;
  for (int32_t d : order) {
    if (d < 0 || d >= int32_t(seen.size()) || seen[d])
      return emitOpError("order must permute the buffer's ")
             << seen.size() << " dimensions";
    seen[d] = true;
    shape.push_back(in.getShape()[d]);
  }
  BufferType out = getType();
  if (out.getShape() != ArrayRef(shape) ||
      out.getElementType() != in.getElementType())
    return emitOpError("gives ")
           << BufferType::get(getContext(), shape, in.getElementType())
           << ", not " << out;
  return success();
}

LogicalResult LocalSliceOp::verify() {
  BufferType in = getBuffer().getType(), out = getType();
  ArrayRef<int64_t> full = in.getShape(), part = out.getShape();
  if (full.size() != part.size() ||
      out.getElementType() != in.getElementType())
    return emitOpError("gives a block of the buffer's rank and element type "
                       "(")
           << in << "), not " << out;
  if (getOffsets().size() != full.size())
    return emitOpError("takes one offset per dimension of the buffer (")
           << full.size() << "), got " << getOffsets().size();
  for (unsigned d = 0; d < full.size(); ++d) {
    if (part[d] > full[d])
      return emitOpError("block ")
             << out << " is larger than the buffer " << in
             << " along dimension " << d;
    APInt value;
    if (matchPattern(getOffsets()[d], m_ConstantInt(&value))) {
      int64_t o = value.getSExtValue();
      if (o < 0 || o + part[d] > full[d])
        return emitOpError("offset ")
               << o << " of dimension " << d << " puts the block's "
               << part[d] << " elements outside the buffer's " << full[d];
    }
  }
  return success();
}

/// Bytes of one buffer of `shape` x `elem`.
static int64_t bufferBytes(ArrayRef<int64_t> shape, Type elem) {
  int64_t n = std::max<int64_t>(1, elem.getIntOrFloatBitWidth() / 8);
  for (int64_t d : shape)
    n *= d;
  return n;
}

LogicalResult LocalReinterpretOp::verify() {
  Type in = getSrc().getType(), out = getType();
  if (auto ring = dyn_cast<BuffersType>(in)) {
    auto view = dyn_cast<BuffersType>(out);
    if (!view || view.getCount() != ring.getCount())
      return emitOpError("views a ring of ")
             << ring.getCount() << " buffers as a ring of as many, not "
             << out;
    if (bufferBytes(view.getShape(), view.getElementType()) >
        bufferBytes(ring.getShape(), ring.getElementType()))
      return emitOpError("views more bytes per buffer (")
             << out << ") than the ring holds (" << in << ")";
    return success();
  }
  auto buffer = cast<BufferType>(in);
  auto view = dyn_cast<BufferType>(out);
  if (!view)
    return emitOpError("views one buffer as one buffer, not ") << out;
  if (bufferBytes(view.getShape(), view.getElementType()) >
      bufferBytes(buffer.getShape(), buffer.getElementType()))
    return emitOpError("views more bytes (")
           << out << ") than the buffer holds (" << in << ")";
  return success();
}

/// A TMA copy between the block of `descValue` at `offsets` and `buffer`:
/// a tensor descriptor whose block is the buffer's, one offset per
/// dimension.
static LogicalResult verifyTmaCopy(Operation *op, Value descValue,
                                   BufferType buffer, size_t offsets) {
  auto desc = dyn_cast<trident::tir::TensorDescType>(descValue.getType());
  if (!desc)
    return op->emitOpError("copies through a tensor descriptor, got ")
           << descValue.getType();
  if (desc.getBlockShape() != buffer.getShape() ||
      desc.getElementType() != buffer.getElementType())
    return op->emitOpError("copies the descriptor's block (")
           << desc << ") and a buffer of that shape and type, got "
           << buffer;
  if (offsets != buffer.getShape().size())
    return op->emitOpError("needs one offset per dimension (")
           << buffer.getShape().size() << "), got " << offsets;
  return success();
}

LogicalResult AsyncDescriptorLoadOp::verify() {
  return verifyTmaCopy(*this, getDesc(), getBuffer().getType(),
                       getOffsets().size());
}

LogicalResult AsyncDescriptorStoreOp::verify() {
  return verifyTmaCopy(*this, getDesc(), getBuffer().getType(),
                       getOffsets().size());
}

LogicalResult AsyncTasksOp::verifyRegions() {
  bool seenDefault = false;
  for (Operation &op : getBody().front()) {
    auto task = dyn_cast<AsyncTaskOp>(op);
    if (!task)
      return op.emitOpError("is not a tlx.async_task: a tlx.async_tasks "
                            "holds tasks only");
    if (task.getDefaultTask()) {
      if (seenDefault)
        return task.emitOpError("is a second default task");
      seenDefault = true;
    }
  }
  return success();
}

LogicalResult AsyncTaskOp::verify() {
  if (getDefaultTask()) {
    if (getNumWarps())
      return emitOpError("the default task runs on the program's warps; "
                         "it takes no num_warps");
  } else if (!getNumWarps() || *getNumWarps() <= 0) {
    return emitOpError("needs num_warps (a task other than the default "
                       "runs on warps of its own)");
  }
  return success();
}
