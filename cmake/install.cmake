# Install rules and the Debian package (CPack DEB).
#
# The man page and the bash, zsh and fish completions are generated from the CLI11 definition
# itself: after the binary is linked, `gpuwhy completion man|bash|zsh|fish --lang en` prints them
# (cmd/completion.cpp walks the CLI::App tree). A flag added in cmd/ is in --help, the man page
# and the completions with no second edit.
include(GNUInstallDirs)

set(GPUWHY_GEN_DIR ${CMAKE_BINARY_DIR}/share)
set(GPUWHY_GENERATED)
foreach(pair "man;gpuwhy.1" "bash;gpuwhy.bash" "zsh;_gpuwhy" "fish;gpuwhy.fish")
  list(GET pair 0 what)
  list(GET pair 1 file)
  add_custom_command(OUTPUT ${GPUWHY_GEN_DIR}/${file}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${GPUWHY_GEN_DIR}
    COMMAND ${CMAKE_COMMAND} "-DCMD=$<TARGET_FILE:gpuwhy>;completion;${what};--lang;en"
            -DOUT=${GPUWHY_GEN_DIR}/${file} -P ${CMAKE_SOURCE_DIR}/cmake/run-to-file.cmake
    DEPENDS gpuwhy ${CMAKE_SOURCE_DIR}/cmake/run-to-file.cmake
    COMMENT "Generating ${file} from the CLI definition" VERBATIM)
  list(APPEND GPUWHY_GENERATED ${GPUWHY_GEN_DIR}/${file})
endforeach()
add_custom_target(gpuwhy_docs ALL DEPENDS ${GPUWHY_GENERATED})

install(TARGETS gpuwhy RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${GPUWHY_GEN_DIR}/gpuwhy.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${GPUWHY_GEN_DIR}/gpuwhy.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME gpuwhy)
install(FILES ${GPUWHY_GEN_DIR}/_gpuwhy DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${GPUWHY_GEN_DIR}/gpuwhy.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/schema/ DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuwhy/schema
        FILES_MATCHING PATTERN "*.json" PATTERN "*.xsd")
install(FILES ${CMAKE_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})

# cmake --build build-pkg --target package  ->  build-pkg/gpuwhy_<version>_<arch>.deb
set(GPUWHY_MAINTAINER "gpuwhy maintainers <maintainers@gpuwhy.invalid>" CACHE STRING "Maintainer of the .deb")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gpuwhy)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${GPUWHY_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL ${PROJECT_HOMEPAGE_URL})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${GPUWHY_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${PROJECT_HOMEPAGE_URL})
# Depends: computed by dpkg-shlibdeps (Debian's dpkg-dev) from the libraries the binary links.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion")
# The HTML reports name the Noto CJK fonts first for Korean and Japanese; without a CJK font a
# browser on a bare Debian draws every Hangul and kana as a box.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk")
# The summary (first line of Description) is CPACK_PACKAGE_DESCRIPTION_SUMMARY; CPack prepends it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "gpuwhy checks a student's saved kubectl output (out/*.txt, k8s/*.yaml)\n\
and the live kube-apiserver, one check per lab step, and prints a pass/fail\n\
table with a hint for every failure. The same verdict is available as JSON,\n\
JUnit, Gradescope, LTI, TAP or CSV, live or from a snapshot bundle collected\n\
earlier. Texts in English, Korean and Japanese.")
include(CPack)
