//===- GPUIRTypes.td - GPU IR types ------------------------*- tablegen -*-===//
#ifndef TRIDENT_GPUIR_TYPES
#define TRIDENT_GPUIR_TYPES

include "mlir/IR/AttrTypeBase.td"
include "trident/Dialect/GPUIR/IR/GPUIRDialect.td"

def GPUIR_MemDescType : TypeDef<GPUIR_Dialect, "MemDesc"> {
  let mnemonic = "memdesc";
  let summary = "a tile (or a ring of tiles) in shared memory";
  let description = [{
    A buffer of the program's shared memory holding a tile of `shape` and
    `elementType`, laid out as `encoding` says (`#gir.nvmma_shared`, 2-D,
    for the tensor cores; `#gir.plain_shared`, any rank, for tiles read back
    into registers). Leading dimensions beyond the encoding's are stages of
    a multi-buffered ring: `gir.memdesc_index` selects one.

    ```mlir
    !gir.memdesc<3x128x64xbf16, #gir.nvmma_shared<swizzle = 128, order = [1, 0]>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getShape().size(); }
    /// Bytes the buffer takes.
    int64_t getSizeInBytes() const;
  }];
}

#endif // TRIDENT_GPUIR_TYPES
