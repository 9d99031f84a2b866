//===- Conversion.cpp - Classifying layout conversions --------------------===//
#include "trident/Layout/Conversion.h"
#include "trident/Layout/Layouts.h"

#include "GF2.h"

#include "llvm/ADT/STLExtras.h"

using namespace trident::layout;
using llvm::Expected;
using llvm::StringRef;

namespace {
llvm::Error err(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}
} // namespace

StringRef trident::layout::stringifyConversionKind(ConversionKind kind) {
  switch (kind) {
  case ConversionKind::NoOp:
    return "no-op";
  case ConversionKind::RegisterPermute:
    return "register-permute";
  case ConversionKind::IntraWarp:
    return "intra-warp";
  case ConversionKind::SharedMemory:
    return "shared-memory";
  }
  return "unknown";
}

Expected<LinearLayout> trident::layout::gatherMap(const LinearLayout &src,
                                                  const LinearLayout &dst) {
  if (src.getNumOutDims() != dst.getNumOutDims())
    return err("gatherMap: the layouts have different tensor ranks");
  for (auto &[name, size] : src.getOutDims())
    if (!dst.hasOutDim(name) || dst.getOutDimSize(name) != size)
      return err("gatherMap: tensor dimension '" + name + "' differs");
  llvm::SmallVector<StringRef> order;
  for (StringRef d : {StringRef(kRegister), StringRef(kLane), StringRef(kWarp)})
    if (src.hasInDim(d))
      order.push_back(d);
  for (StringRef d : src.getInDimNames())
    if (!llvm::is_contained(order, d))
      order.push_back(d);
  for (auto *l : {&src, &dst})
    for (auto &[name, size] : l->getInDims())
      if (name != kRegister &&
          (src.getInDimSize(name) != size || dst.getInDimSize(name) != size))
        return err("gatherMap: input dimension '" + name +
                   "' has different sizes in the two layouts");

  Expected<LinearLayout> srcO = src.transposeIns(order);
  Expected<LinearLayout> dstA =
      srcO ? dst.transposeOuts(src.getOutDimNames()) : srcO.takeError();
  if (!dstA)
    return dstA.takeError();
  detail::Matrix ms(*srcO), md(*dstA);
  detail::GF2Span span;
  for (unsigned c = 0; c < ms.cols.size(); ++c)
    span.insert(ms.cols[c], c);

  std::vector<LinearLayout::DimBases> bases;
  llvm::SmallVector<StringRef> dstIns = dstA->getInDimNames();
  for (unsigned i = 0; i < dstIns.size(); ++i) {
    bases.push_back({dstIns[i].str(), {}});
    int srcIdx = dstIns[i] == kRegister ? -1 : llvm::find(order, dstIns[i]) - order.begin();
    for (unsigned k = 0; k < md.inBits[i]; ++k) {
      uint64_t y = md.cols[md.inStart[i] + k], self = 0;
      if (srcIdx >= 0) {
        // Assume the same thread position first; solve for the difference.
        unsigned col = ms.inStart[srcIdx] + k;
        y ^= ms.cols[col];
        self = uint64_t(1) << col;
      }
      std::optional<uint64_t> combo = span.solve(y);
      if (!combo)
        return err("gatherMap: the source layout does not hold every element "
                   "the destination needs (" + dstIns[i] + " bit " +
                   llvm::Twine(k) + ")");
      bases.back().second.push_back(ms.splitColumns(*combo ^ self));
    }
  }
  return LinearLayout::fromBases(bases, srcO->getInDims());
}

Expected<ConversionPlan>
trident::layout::planConversion(const LinearLayout &src, const LinearLayout &dst,
                                unsigned elemBits) {
  Expected<LinearLayout> g = gatherMap(src, dst);
  if (!g)
    return g.takeError();
  ConversionPlan plan;
  plan.dstToSrc = *g;
  bool identity = src.getInDimSize(kRegister) == dst.getInDimSize(kRegister);
  bool sameThread = true, sameWarp = true;
  llvm::SmallVector<StringRef> outs = g->getOutDimNames();
  for (auto &[in, bases] : g->getAllBases())
    for (unsigned k = 0; k < bases.size(); ++k)
      for (unsigned j = 0; j < outs.size(); ++j) {
        int32_t unit = outs[j] == in ? int32_t(1) << k : 0;
        bool same = bases[k][j] == unit;
        identity &= same;
        if (outs[j] != kRegister)
          sameThread &= same;
        if (outs[j] != kRegister && outs[j] != kLane)
          sameWarp &= same;
        if (in != kRegister && outs[j] == kRegister && bases[k][j] != 0)
          plan.threadDependentRegisters = true;
      }
  if (identity) {
    plan.kind = ConversionKind::NoOp;
  } else if (sameThread) {
    plan.kind = ConversionKind::RegisterPermute;
  } else if (sameWarp) {
    plan.kind = ConversionKind::IntraWarp;
  } else {
    plan.kind = ConversionKind::SharedMemory;
  }
  if (plan.kind != ConversionKind::RegisterPermute)
    plan.threadDependentRegisters = false;
  if (plan.kind != ConversionKind::SharedMemory)
    return plan;

  Expected<LinearLayout> shared = chooseSharedLayout(src, dst, elemBits);
  if (!shared)
    return shared.takeError();
  Expected<SharedAccessCost> store = sharedAccessCost(src, *shared, elemBits);
  if (!store)
    return store.takeError();
  Expected<SharedAccessCost> load = sharedAccessCost(dst, *shared, elemBits);
  if (!load)
    return load.takeError();
  plan.shared = *shared;
  plan.store = *store;
  plan.load = *load;
  return plan;
}

unsigned trident::layout::ldmatrixTiles(const LinearLayout &regLayout,
                                        const LinearLayout &sharedLayout,
                                        unsigned elemBits) {
  if (elemBits != 16 || sharedLayout.getNumInDims() != 1)
    return 0;
  Expected<LinearLayout> cvt = regLayout.invertAndCompose(sharedLayout);
  if (!cvt) {
    llvm::consumeError(cvt.takeError());
    return 0;
  }
  auto reg = cvt->getBases(kRegister), lane = cvt->getBases(kLane);
  if (lane.size() != 5 || reg.empty())
    return 0;
  // A lane quad covers one 16-byte row: 2 registers x 4 lanes.
  if (reg[0][0] != 1 || lane[0][0] != 2 || lane[1][0] != 4)
    return 0;
  // Rows (lanes l/4), matrices (further registers) and warps start at
  // 16-byte boundaries; each lane supplies its row's address.
  auto aligned = [](llvm::ArrayRef<LinearLayout::Basis> bs) {
    return llvm::all_of(bs, [](const LinearLayout::Basis &b) { return b[0] % 8 == 0; });
  };
  if (!aligned(lane.drop_front(2)) || !aligned(reg.drop_front(1)) ||
      !aligned(cvt->getBases(kWarp)))
    return 0;
  return 1u << std::min<size_t>(2, reg.size() - 1);
}
