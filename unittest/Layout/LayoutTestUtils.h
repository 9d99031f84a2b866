//===- LayoutTestUtils.h - Helpers for the layout unit tests ----*- C++ -*-===//
#ifndef TRIDENT_UNITTEST_LAYOUT_LAYOUTTESTUTILS_H
#define TRIDENT_UNITTEST_LAYOUT_LAYOUTTESTUTILS_H

#include "trident/Layout/LinearLayout.h"

#include "gtest/gtest.h"

#include <functional>
#include <string>

namespace trident::layout::test {

/// The value of `e`, or a default one after recording a test failure.
template <typename T> T get(llvm::Expected<T> e) {
  if (!e) {
    ADD_FAILURE() << llvm::toString(e.takeError());
    return T();
  }
  return std::move(*e);
}

/// The message of a failed Expected (or "" plus a test failure if it holds
/// a value).
template <typename T> std::string errorOf(llvm::Expected<T> e) {
  if (e) {
    ADD_FAILURE() << "expected an error";
    return "";
  }
  return llvm::toString(e.takeError());
}

/// True if `e` holds an error (which it consumes).
template <typename T> bool fails(llvm::Expected<T> e) {
  if (e)
    return false;
  llvm::consumeError(e.takeError());
  return true;
}

/// Calls fn for every input of `l`, positionally (input-dimension order).
inline void forEachInput(const LinearLayout &l,
                         const std::function<void(llvm::ArrayRef<int32_t>)> &fn) {
  llvm::SmallVector<int32_t> sizes;
  for (auto &[name, size] : l.getInDims())
    sizes.push_back(size);
  llvm::SmallVector<int32_t> x(sizes.size(), 0);
  while (true) {
    fn(x);
    unsigned i = 0;
    for (; i < x.size(); ++i) {
      if (++x[i] < sizes[i])
        break;
      x[i] = 0;
    }
    if (i == x.size())
      return;
  }
}

/// Input coordinates {register, lane, warp} for a distributed layout.
inline LinearLayout::Basis at(const LinearLayout &l, int32_t reg, int32_t lane,
                              int32_t warp) {
  llvm::SmallVector<int32_t> in;
  for (llvm::StringRef n : l.getInDimNames())
    in.push_back(n == "register" ? reg : n == "lane" ? lane : n == "warp" ? warp : 0);
  return l.apply(in);
}

} // namespace trident::layout::test

#endif
