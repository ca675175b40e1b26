# lwIP 2.1.3 from Debian's source package (scripts/fetch_lwip.sh unpacks it in
# the build tree), built once per stack profile as an independent instance:
# lwIP and the glue are linked into one relocatable object whose only global
# symbol is the instance's entry, ws_lwip_<profile>() (its globals stay its
# own). The objects join ws_platforms; WS_HAVE_LWIP says they are there.
set(WS_LWIP_DIR ${CMAKE_BINARY_DIR}/third_party/lwip)
set(WS_LWIP_OBJECTS "")
if(EXISTS ${WS_LWIP_DIR}/src/core/tcp.c)
  enable_language(C)
  file(GLOB WS_LWIP_CORE ${WS_LWIP_DIR}/src/core/*.c)
  file(GLOB WS_LWIP_IPV4 ${WS_LWIP_DIR}/src/core/ipv4/*.c)
  set(WS_LWIP_SRC ${WS_LWIP_CORE} ${WS_LWIP_IPV4} ${WS_LWIP_DIR}/src/netif/ethernet.c)
  foreach(profile board_rtthread board_tuned board_mcusdk pc linux windows ndk)
    add_library(lwip_${profile}_objs OBJECT ${WS_LWIP_SRC} ${CMAKE_SOURCE_DIR}/workloads/net/lwip/glue.c)
    target_include_directories(lwip_${profile}_objs PRIVATE ${CMAKE_SOURCE_DIR}/workloads/net/lwip/profiles/${profile}
                               ${CMAKE_SOURCE_DIR}/workloads/net/lwip/port ${CMAKE_SOURCE_DIR}/workloads/net/lwip
                               ${WS_LWIP_DIR}/src/include)
    target_compile_definitions(lwip_${profile}_objs PRIVATE WS_LWIP_ENTRY=ws_lwip_${profile}
                               WS_LWIP_PROFILE="${profile}")
    target_compile_options(lwip_${profile}_objs PRIVATE -w)  # lwIP's own warnings are not ours to fix
    set(obj ${CMAKE_BINARY_DIR}/lwip_${profile}.o)
    add_custom_command(OUTPUT ${obj}
                       COMMAND ${CMAKE_LINKER} -r -o ${obj}.all $<TARGET_OBJECTS:lwip_${profile}_objs>
                       COMMAND ${CMAKE_OBJCOPY} -G ws_lwip_${profile} ${obj}.all ${obj}
                       DEPENDS lwip_${profile}_objs $<TARGET_OBJECTS:lwip_${profile}_objs> COMMAND_EXPAND_LISTS
                       VERBATIM)
    list(APPEND WS_LWIP_OBJECTS ${obj})
  endforeach()
  add_custom_target(lwip_instances DEPENDS ${WS_LWIP_OBJECTS})
  add_dependencies(lwip_instances lwip_board_rtthread_objs lwip_board_tuned_objs lwip_board_mcusdk_objs lwip_pc_objs lwip_linux_objs lwip_windows_objs lwip_ndk_objs)
  message(STATUS "lwIP: ${WS_LWIP_DIR} (profiles board_rtthread, board_tuned, board_mcusdk, pc, linux, windows, ndk)")
else()
  message(STATUS "lwIP: not fetched (scripts/fetch_lwip.sh); platforms that run it are left out")
endif()
