// Product `navtape`. Everything else is in NavTapeCLI, a library so the HTTP fuzz harness can reach
// the server's routes.
import NavTapeCLI

CommandLineTool.main()
