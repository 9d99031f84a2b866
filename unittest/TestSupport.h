//===- TestSupport.h - Helpers shared by Trident's unit tests ---*- C++ -*-===//
#ifndef TRIDENT_UNITTEST_TESTSUPPORT_H
#define TRIDENT_UNITTEST_TESTSUPPORT_H

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <string>

namespace trident::test {

/// build/test/plugins/lib<stem>.so
inline std::string testPlugin(const std::string &stem) {
  return std::string(TRIDENT_TEST_PLUGIN_DIR) + "/lib" + stem + ".so";
}

/// The message of `err`, or "" on success.
inline std::string errorText(llvm::Error err) {
  if (!err)
    return "";
  return llvm::toString(std::move(err));
}

} // namespace trident::test

/// Fails the test (and returns) if `expr`, an llvm::Error, is an error.
#define TRIDENT_ASSERT_OK(expr)                                                \
  do {                                                                         \
    if (llvm::Error tridentErr_ = (expr))                                      \
      FAIL() << llvm::toString(std::move(tridentErr_));                        \
  } while (0)

/// Fails the test (and returns) if the llvm::Expected `value` holds an error.
#define TRIDENT_ASSERT_EXPECTED(value)                                         \
  ASSERT_TRUE(static_cast<bool>(value)) << llvm::toString((value).takeError())

#endif
