//===- TlxDialect.cpp - The tlx dialect -----------------------------------===//
//
// The buffer types (spelled like a shaped type: `!tlx.buffers<2x128x64xf16>`
// is two 128x64 f16 buffers) and the verifiers of the ops.
//
//===----------------------------------------------------------------------===//
#include "TlxDialect.h"

#include "mlir/IR/Builders.h"
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

LogicalResult LocalViewOp::verify() {
  BuffersType ring = getBuffers().getType();
  BufferType one = getType();
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
