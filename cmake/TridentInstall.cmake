# Installs the core library, the tools, the headers (including the generated
# ones) and a CMake package, so that plugins build out of tree with
#   find_package(Trident REQUIRED CONFIG)
#   trident_add_plugin(my-plugin MyPlugin.cpp)
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(TRIDENT_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/trident)

install(TARGETS TridentCore EXPORT TridentTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS trident-opt trident-compile trident-launch trident-run-cpu
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/trident DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td" PATTERN "*.def")
install(DIRECTORY include/trident-c DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/trident
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.inc")

install(EXPORT TridentTargets NAMESPACE Trident::
  DESTINATION ${TRIDENT_CMAKE_INSTALL_DIR})
configure_package_config_file(cmake/TridentConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/TridentConfig.cmake
  INSTALL_DESTINATION ${TRIDENT_CMAKE_INSTALL_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/TridentConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ExactVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/TridentConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/TridentConfigVersion.cmake
  cmake/TridentPlugin.cmake
  DESTINATION ${TRIDENT_CMAKE_INSTALL_DIR})
