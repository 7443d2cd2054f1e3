# cmake --install: the runtime, the public headers and a CMake package config.
include(CMakePackageConfigHelpers)

install(TARGETS omp EXPORT GlassTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/omp.h ${PROJECT_SOURCE_DIR}/include/omp-tools.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(EXPORT GlassTargets NAMESPACE Glass:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Glass)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/GlassConfig.cmake.in
  ${PROJECT_BINARY_DIR}/GlassConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Glass)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/GlassConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/GlassConfig.cmake ${PROJECT_BINARY_DIR}/GlassConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Glass)
