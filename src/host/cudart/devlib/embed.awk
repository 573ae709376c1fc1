# The device library's PTX files as C strings (cudart.mk): each FILE.ptx
# becomes `const char cudart_devlib_FILE[]`, for cudart_devlib.c.
FNR == 1 {
    if (NR > 1)
        print ";"
    name = FILENAME
    sub(/.*\//, "", name)
    sub(/\.ptx$/, "", name)
    printf "extern const char cudart_devlib_%s[];\nconst char cudart_devlib_%s[] =\n", name, name
}
{
    gsub(/\\/, "\\\\")
    gsub(/"/, "\\\"")
    printf "    \"%s\\n\"\n", $0
}
END { print ";" }
