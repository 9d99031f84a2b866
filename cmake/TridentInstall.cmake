# Installs the core library, the tools, the headers (including the generated
# ones), the Python package and the example plugins, and a CMake package,
# so that plugins build out of tree with
#   find_package(Trident REQUIRED CONFIG)
#   trident_add_plugin(my-plugin MyPlugin.cpp)
#
# Two layouts:
#  - a prefix (`cmake --install build --prefix P`): P/lib/libTridentCore.so,
#    P/bin/trident-*, P/include, P/lib/cmake/trident, the Python package in
#    P/${TRIDENT_INSTALL_PYTHONDIR}/trident (its extension finds the core
#    through a relative RPATH), the example plugins in P/lib/trident/plugins;
#  - a Python wheel (TRIDENT_PYTHON_WHEEL, which pyproject.toml sets for
#    `pip install .`): the package at the wheel's root (scikit-build-core
#    copies python/trident) with everything native in trident/_lib: the core
#    (one file, named as its SONAME), the extension, the tools in bin/ and
#    the example plugins in plugins/.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

option(TRIDENT_PYTHON_WHEEL "Install the layout of a Python wheel" OFF)
option(TRIDENT_BUNDLE_PTXAS
  "Install ptxas and libdevice from TRIDENT_CUDA_ROOT next to the core (cuda/)"
  OFF)
set(TRIDENT_CUDA_ROOT /usr/local/cuda CACHE PATH
  "The CUDA toolkit whose ptxas and libdevice TRIDENT_BUNDLE_PTXAS installs")
set(TRIDENT_INSTALL_PYTHONDIR ${CMAKE_INSTALL_LIBDIR}/python3/site-packages
  CACHE STRING "Where a prefix install puts the Python package")
set(TRIDENT_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/trident)
set(TRIDENT_TOOLS trident-opt trident-compile trident-launch trident-run-cpu)
set(TRIDENT_EXAMPLE_PLUGINS HelloPlugin FmaPlugin KeepLoopsPlugin
  PipelineVariantsPlugin GpuExtPlugin)

if(TRIDENT_PYTHON_WHEEL)
  set(core_dir trident/_lib)
  # A wheel cannot hold symbolic links: the core is the one file the
  # extension, the tools and the plugins ask for by SONAME.
  set_property(TARGET TridentCore PROPERTY VERSION)
  install(TARGETS TridentCore LIBRARY DESTINATION ${core_dir} NAMELINK_SKIP)
  install(TARGETS TridentPythonModule LIBRARY DESTINATION ${core_dir})
  install(TARGETS ${TRIDENT_TOOLS} RUNTIME DESTINATION ${core_dir}/bin)
  set(plugin_dir ${core_dir}/plugins)
else()
  set(core_dir ${CMAKE_INSTALL_LIBDIR})
  install(TARGETS TridentCore EXPORT TridentTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(TARGETS ${TRIDENT_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(DIRECTORY python/trident DESTINATION ${TRIDENT_INSTALL_PYTHONDIR}
    PATTERN __pycache__ EXCLUDE PATTERN "*.pyc" EXCLUDE)
  install(TARGETS TridentPythonModule
    LIBRARY DESTINATION ${TRIDENT_INSTALL_PYTHONDIR}/trident)
  file(RELATIVE_PATH rel ${CMAKE_INSTALL_PREFIX}/${TRIDENT_INSTALL_PYTHONDIR}/trident
       ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR})
  set_property(TARGET TridentPythonModule APPEND PROPERTY
    INSTALL_RPATH "$ORIGIN/${rel}")
  set(plugin_dir ${CMAKE_INSTALL_LIBDIR}/trident/plugins)
  install(DIRECTORY include/trident DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.h" PATTERN "*.td" PATTERN "*.def")
  install(DIRECTORY include/trident-c DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(DIRECTORY ${PROJECT_BINARY_DIR}/include/trident
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.h" PATTERN "*.inc")
endif()

# The example plugins with their Python modules (<dir>/python/<name>/).
if(TRIDENT_BUILD_PLUGINS)
  install(TARGETS ${TRIDENT_EXAMPLE_PLUGINS} LIBRARY DESTINATION ${plugin_dir})
  install(DIRECTORY ${PROJECT_BINARY_DIR}/plugins/python DESTINATION ${plugin_dir}
    PATTERN __pycache__ EXCLUDE)
endif()

if(TRIDENT_BUNDLE_PTXAS)
  foreach(f bin/ptxas nvvm/libdevice/libdevice.10.bc)
    if(NOT EXISTS ${TRIDENT_CUDA_ROOT}/${f})
      message(FATAL_ERROR "TRIDENT_BUNDLE_PTXAS: ${TRIDENT_CUDA_ROOT}/${f} "
                          "does not exist (set TRIDENT_CUDA_ROOT)")
    endif()
  endforeach()
  install(PROGRAMS ${TRIDENT_CUDA_ROOT}/bin/ptxas DESTINATION ${core_dir}/cuda/bin)
  install(FILES ${TRIDENT_CUDA_ROOT}/nvvm/libdevice/libdevice.10.bc
    DESTINATION ${core_dir}/cuda/nvvm/libdevice)
endif()

if(TRIDENT_PYTHON_WHEEL)
  return()
endif()

install(EXPORT TridentTargets NAMESPACE Trident::
  DESTINATION ${TRIDENT_CMAKE_INSTALL_DIR})
configure_package_config_file(cmake/TridentConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/TridentConfig.cmake
  INSTALL_DESTINATION ${TRIDENT_CMAKE_INSTALL_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/TridentConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ExactVersion)
# For plugin authors: the template of an out-of-tree plugin and the example
# plugins' sources (share/trident/template, share/trident/examples).
if(TRIDENT_BUILD_PLUGINS)
  install(DIRECTORY plugins/template plugins/examples
    DESTINATION ${CMAKE_INSTALL_DATADIR}/trident
    PATTERN __pycache__ EXCLUDE)
endif()
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/TridentConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/TridentConfigVersion.cmake
  cmake/TridentPlugin.cmake
  DESTINATION ${TRIDENT_CMAKE_INSTALL_DIR})
