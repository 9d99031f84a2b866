//===- GPUIRTypes.cpp - GPU IR types --------------------------------------===//
#include "trident/Dialect/GPUIR/IR/GPUIR.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace trident::gir;

#define GET_TYPEDEF_CLASSES
#include "trident/Dialect/GPUIR/IR/GPUIRTypes.cpp.inc"

void GPUIRDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "trident/Dialect/GPUIR/IR/GPUIRTypes.cpp.inc"
      >();
}

// !gir.memdesc<3x128x64xbf16, #encoding>
Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseGreater())
    return {};
  return parser.getChecked<MemDescType>(parser.getContext(), shape,
                                        elementType, encoding);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType() << ", " << getEncoding() << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding) {
  if (shape.empty())
    return emitError() << "memdesc needs at least one dimension";
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "memdesc dimensions must be positive, got " << d;
  if (!elementType.isIntOrFloat())
    return emitError() << "memdesc elements must be integers or floats, got "
                       << elementType;
  // Shared memory is addressed in bytes: the copies into a buffer and the
  // reads of it move whole elements of 1, 2, 4 or 8 bytes.
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return emitError() << "memdesc elements must be 1, 2, 4 or 8 bytes wide, "
                          "got "
                       << elementType;
  // Unswizzled: any rank up to the buffer's (the leading dimensions
  // beyond the encoding's are stages).
  if (auto plain = dyn_cast_or_null<PlainSharedEncodingAttr>(encoding)) {
    if (plain.getOrder().size() > shape.size())
      return emitError() << "memdesc of rank " << shape.size()
                         << " cannot have a shared layout of rank "
                         << plain.getOrder().size();
    return success();
  }
  auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(encoding);
  if (!nvmma)
    return emitError() << "memdesc needs a shared-memory encoding "
                          "(#gir.nvmma_shared or #gir.plain_shared), got "
                       << encoding;
  if (shape.size() < 2)
    return emitError() << "memdesc with #gir.nvmma_shared needs at least two "
                          "dimensions";
  unsigned bytes = bits / 8;
  int64_t inner = shape[shape.size() - 2 + nvmma.getOrder()[0]];
  if (inner * bytes % nvmma.getSwizzle() != 0)
    return emitError() << "the contiguous dimension (" << inner << " x "
                       << bytes << " bytes) is not a multiple of the "
                       << nvmma.getSwizzle() << "-byte swizzle";
  return success();
}

int64_t MemDescType::getSizeInBytes() const {
  int64_t n = std::max(1u, getElementType().getIntOrFloatBitWidth() / 8);
  for (int64_t d : getShape())
    n *= d;
  return n;
}
