module github.com/a2term/a2term

go 1.26.8
