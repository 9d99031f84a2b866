//===- NVGIRDialect.td - NVIDIA GPU IR dialect definition --*- tablegen -*-===//
//
// The `nvgir` dialect: the operations of GPU IR that only NVIDIA's Ampere and
// Hopper GPUs have (cp.async copies, mbarriers, the tensor memory
// accelerator, warpgroup MMAs). See docs/dialects/NVGIR.md.
//
//===----------------------------------------------------------------------===//
#ifndef TRIDENT_NVGIR_DIALECT
#define TRIDENT_NVGIR_DIALECT

include "mlir/IR/OpBase.td"

def NVGIR_Dialect : Dialect {
  let name = "nvgir";
  let cppNamespace = "::trident::nvgir";
  let summary = "Trident NVIDIA GPU IR: Ampere and Hopper asynchronous "
                "copies, barriers and tensor-core operations";
  let description = [{
    The operations of the `gir` stage that exist on NVIDIA hardware only:
    `cp.async` copies and their groups (sm_80 and later), shared-memory
    barriers (mbarrier objects), tensor-memory-accelerator copies and
    warpgroup MMAs (sm_90). They work on GPU IR's tiles, layouts and
    shared-memory buffers (`!gir.memdesc`), which stay generic; gir-pipeline
    creates them and convert-gir-to-llvm lowers them to NVVM.
  }];
  let dependentDialects = ["::trident::gir::GPUIRDialect"];
  let useDefaultTypePrinterParser = 1;
}

class NVGIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVGIR_Dialect, mnemonic, traits>;

#endif // TRIDENT_NVGIR_DIALECT
