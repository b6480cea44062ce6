int accept_all(void *pkt) { (void)pkt; return 1; }
