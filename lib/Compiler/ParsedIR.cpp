//===- ParsedIR.cpp - Verifying IR fresh from the parser ------------------===//
#include "trident/Compiler/ParsedIR.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace trident {

namespace {

/// The inherent attributes that ops named `name` get when built without
/// them (ODS's default values), read from a detached op built with none.
DictionaryAttr defaultInherentAttrs(OperationName name, MLIRContext *ctx) {
  Operation *probe = Operation::create(
      UnknownLoc::get(ctx), name, /*resultTypes=*/{}, /*operands=*/{},
      NamedAttrList(), OpaqueProperties(nullptr), /*successors=*/{},
      /*numRegions=*/0);
  auto defaults = dyn_cast_or_null<DictionaryAttr>(
      probe->getPropertiesAsAttribute());
  probe->destroy();
  return defaults ? defaults : DictionaryAttr::get(ctx);
}

} // namespace

LogicalResult verifyParsedIR(Operation *root) {
  MLIRContext *ctx = root->getContext();
  DenseMap<OperationName, DictionaryAttr> defaultsOf;
  bool dropped = false;
  root->walk([&](Operation *op) {
    // Only ops whose inherent attributes live in properties lose them.
    if (!op->isRegistered() || op->getPropertiesStorageSize() == 0)
      return;
    auto [it, inserted] = defaultsOf.try_emplace(op->getName());
    if (inserted)
      it->second = defaultInherentAttrs(op->getName(), ctx);
    for (NamedAttribute defaulted : it->second) {
      std::optional<Attribute> value =
          op->getInherentAttr(defaulted.getName().getValue());
      if (value && !*value) {
        op->emitOpError("attribute '")
            << defaulted.getName().getValue()
            << "' has a value of the wrong kind (it must be of the kind of "
               "its default, "
            << defaulted.getValue() << ")";
        dropped = true;
      }
    }
  });
  // The verifier would read the null attributes.
  if (dropped)
    return failure();
  return verify(root);
}

} // namespace trident
